import type { FastifyInstance } from 'fastify';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { keepLinkPrivate, linkToken } from '../../platform/private-link-routes.ts';
import { answerFeedback, feedbackVisit } from './answers.ts';

const READS_PER_IP = 60;
const WRITES_PER_IP = 20;
const WINDOW_MS = 10 * 60_000;

/** /api/public/feedback/:token — the rating page behind the link of the request. The token is the only credential. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  const reads = deps.rateLimits.define('feedback-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('feedback-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  keepLinkPrivate(app, '/api/public/feedback/');

  app.get('/feedback/:token', async (request) => feedbackVisit(service, await linkToken(request, reads)));
  app.post('/feedback/:token', async (request) => answerFeedback(service, await linkToken(request, writes), request.body));
}
