import type { FastifyInstance } from 'fastify';
import { feedbackAnswerSchema } from '@shared/schemas/feedback.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { privateLinkRoutes } from '../../platform/private-link-routes.ts';
import { answerFeedback, FEEDBACK_FIELD_TEXTS, feedbackVisit } from './answers.ts';

/** /api/public/feedback/:token — the rating page behind the link of the request. The token is the only credential. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  const link = privateLinkRoutes(app, deps.rateLimits, {
    tag: 'Feedback',
    privatePrefix: '/api/public/feedback/',
    limits: { reads: 'feedback-reads', writes: 'feedback-writes' },
    perIp: { reads: 60, writes: 20 },
  });

  link.read(
    {
      url: '/feedback/:token',
      summary: 'The visit a rating link asks about',
      responses: { 200: { description: 'The restaurant, the guest, the visit and its language.' } },
    },
    (token) => feedbackVisit(service, token),
  );
  link.write(
    {
      url: '/feedback/:token',
      summary: 'Rate the visit, once',
      description: 'A used or expired link answers 410 whatever was sent; a rating of 1 to 3 alerts the owners at once.',
      body: feedbackAnswerSchema,
      responses: { 200: { description: 'Thanks, with the review page to offer when the owner gave one.' } },
    },
    (token, input) => answerFeedback(service, token, () => input.body(FEEDBACK_FIELD_TEXTS)),
  );
}
