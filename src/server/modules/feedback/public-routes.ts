import type { FastifyInstance } from 'fastify';
import { feedbackAnswerSchema } from '@shared/schemas/feedback.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { keepLinkPrivate, linkParams, linkToken } from '../../platform/private-link-routes.ts';
import { answerFeedback, FEEDBACK_FIELD_TEXTS, feedbackVisit } from './answers.ts';

const READS_PER_IP = 60;
const WRITES_PER_IP = 20;
const WINDOW_MS = 10 * 60_000;

/** /api/public/feedback/:token — the rating page behind the link of the request. The token is the only credential. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  const reads = deps.rateLimits.define('feedback-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('feedback-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  keepLinkPrivate(app, '/api/public/feedback/');

  apiRoute(
    app,
    {
      method: 'GET',
      url: '/feedback/:token',
      tag: 'Feedback',
      summary: 'The visit a rating link asks about',
      params: linkParams,
      responses: { 200: { description: 'The restaurant, the guest, the visit and its language.' } },
    },
    async (request, _reply, input) => feedbackVisit(service, await linkToken(request, reads, input)),
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/feedback/:token',
      tag: 'Feedback',
      summary: 'Rate the visit, once',
      description: 'A used or expired link answers 410 whatever was sent; a rating of 1 to 3 alerts the owners at once.',
      params: linkParams,
      body: feedbackAnswerSchema,
      responses: { 200: { description: 'Thanks, with the review page to offer when the owner gave one.' } },
    },
    async (request, _reply, input) =>
      answerFeedback(service, await linkToken(request, writes, input), () => input.body(FEEDBACK_FIELD_TEXTS)),
  );
}
