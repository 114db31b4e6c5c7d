import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { availabilityQuerySchema, reservationDateSchema, slotQuestionSchema } from '@shared/schemas/reservation.ts';
import { blockDaySchema, closureEffectsQuerySchema, pauseSchema } from '@shared/schemas/closures.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { closureEffectsOf, staffActor, withClosureEffects } from '../reservations/service.ts';
import * as admin from './admin-service.ts';
import { explainSlot } from './explain.ts';
import { dayPacing } from '../capacity/service.ts';

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
  // The bookings of the day are listed first (?preview=1), then kept or cancelled (?cancelReason=…) with the block.
  app.post('/blocked-days', async (request, reply) => {
    const input = parseInput(blockDaySchema, request.body);
    const effects = closureEffectsOf(parseInput(closureEffectsQuerySchema, request.query));
    const { result, affected } = await withClosureEffects(service, { date: input.date }, effects, staffActor(request), (tx) =>
      admin.blockDay({ ...service, db: tx }, input),
    );
    return result ? reply.status(201).send({ ...result, affected }) : reply.send({ affected });
  });
  app.delete('/blocked-days/:date', async (request, reply) => {
    await admin.unblockDay(service, parseInput(dateParamsSchema, request.params).date);
    return reply.status(204).send();
  });

  app.get('/availability/explain', (request) => explainSlot(service, parseInput(slotQuestionSchema, request.query)));

  // The manual-reservation dialog warns before a reservation passes a covers maximum.
  // The manual form's times: 'Fuera de horario' and the covers booked at each (issue 52, item 3).
  app.get('/manual-times', (request) => admin.manualTimes(service, parseInput(availabilityQuerySchema, request.query).date));
  app.get('/covers-pacing', (request) => dayPacing(service.db, parseInput(availabilityQuerySchema, request.query).date));
}
