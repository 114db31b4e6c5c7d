import type { FastifyInstance } from 'fastify';
import { statisticsQuerySchema } from '@shared/schemas/statistics.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { statistics } from './service.ts';

export function registerStatisticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/statistics', (request) => statistics(service, parseInput(statisticsQuerySchema, request.query)));
}
