import type { FastifyInstance } from 'fastify';
import { availabilityQuerySchema } from '@shared/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { getBookingCalendar, getPublicAvailability, seatableCache } from './service.ts';

export function registerPublicAvailabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const seatable = seatableCache(deps.changes);
  app.get('/availability', (request) => {
    const { date } = parseInput(availabilityQuerySchema, request.query);
    return getPublicAvailability(deps.database.db, deps.clock, date, undefined, seatable);
  });
  app.get('/calendar', () => getBookingCalendar(deps.database.db, deps.clock));
}
