import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { availabilityQuerySchema, blockDaySchema, pauseSchema, reservationDateSchema } from '@shared/schemas/reservation.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import * as admin from './admin-service.ts';
import { dayPacing } from './pacing.ts';

const dateParamsSchema = z.object({ date: reservationDateSchema });

export function registerAdminAvailabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/closures/today', () => admin.todaysClosures(service));
  app.get('/pause/today', () => admin.todaysPause(service));
  app.put('/pause/today', (request) => admin.pauseToday(service, parseInput(pauseSchema, request.body)));
  app.delete('/pause/today', async (_request, reply) => {
    await admin.resumeToday(service);
    return reply.status(204).send();
  });

  app.get('/blocked-days', () => admin.upcomingBlockedDays(service));
  app.post('/blocked-days', async (request, reply) => {
    const blocked = await admin.blockDay(service, parseInput(blockDaySchema, request.body));
    return reply.status(201).send(blocked);
  });
  app.delete('/blocked-days/:date', async (request, reply) => {
    await admin.unblockDay(service, parseInput(dateParamsSchema, request.params).date);
    return reply.status(204).send();
  });

  // The manual-reservation dialog warns before a reservation passes a covers maximum.
  app.get('/covers-pacing', (request) => dayPacing(service.db, parseInput(availabilityQuerySchema, request.query).date));
}
