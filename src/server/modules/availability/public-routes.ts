import type { FastifyInstance } from 'fastify';
import { availabilityQuerySchema, monthAvailabilityQuerySchema } from '@shared/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { createBotCheck } from '../../platform/bot-check.ts';
import { parseInput } from '../../platform/validation.ts';
import { getMonthAvailability, monthCache } from './month.ts';
import { seatableCache } from '../capacity/service.ts';
import { getBookingCalendar, getPublicAvailability } from './service.ts';

export function registerPublicAvailabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const seatable = seatableCache(deps.changes);
  const months = monthCache(deps.changes);
  app.get('/availability', (request) => {
    const { date } = parseInput(availabilityQuerySchema, request.query);
    return getPublicAvailability(deps.database.db, deps.clock, date, undefined, seatable);
  });
  app.get('/availability/month', (request) => {
    const { month, people } = parseInput(monthAvailabilityQuerySchema, request.query);
    return getMonthAvailability(deps.database.db, deps.clock, month, people, { months, seatable });
  });
  // The booking form's signed render time rides along: the page refetches the calendar on mount (decision 027).
  const bots = createBotCheck(deps.database.db, deps.clock, deps.sessionSecret);
  app.get('/calendar', async () => ({ ...(await getBookingCalendar(deps.database.db, deps.clock)), formToken: bots.formToken() }));
}
