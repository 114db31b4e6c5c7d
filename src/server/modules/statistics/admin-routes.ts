import type { FastifyInstance } from 'fastify';
import { effectiveRole } from '@shared/rules/permissions.ts';
import { feedbackCommentsPageSchema } from '@shared/schemas/feedback-statistics.ts';
import { statisticsQuerySchema } from '@shared/schemas/statistics.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { feedbackComments, feedbackStatistics, guestSpendStatistics, reservationFeedback, statistics } from './service.ts';

export function registerStatisticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/statistics', (request) => statistics(service, parseInput(statisticsQuerySchema, request.query)));
  app.get('/statistics/guest-spend', (request) => guestSpendStatistics(service, parseInput(statisticsQuerySchema, request.query)));
  app.get('/statistics/feedback', (request) => feedbackStatistics(service, parseInput(statisticsQuerySchema, request.query)));
  app.get('/statistics/feedback/comments', (request) =>
    feedbackComments(service, parseInput(statisticsQuerySchema, request.query), parseInput(feedbackCommentsPageSchema, request.query).offset),
  );
  // A booking's rating in its detail (decision 046): read here, beside the other readings of the guests' answers.
  app.get('/reservations/:id/feedback', (request) =>
    reservationFeedback(service, idOf(request), effectiveRole(request.sessionUser!.roles) ?? 'floor'),
  );
}
