import type { FastifyInstance } from 'fastify';
import { availabilityQuerySchema, bookingCalendarSchema, monthAvailabilityQuerySchema } from '@shared/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { createBotCheck } from '../booking-defence/service.ts';
import { getMonthAvailability, monthCache } from './month.ts';
import { seatableCache } from '../capacity/service.ts';
import { getBookingCalendar, getPublicAvailability } from './service.ts';

export function registerPublicAvailabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const seatable = seatableCache(deps.changes);
  const months = monthCache(deps.changes);
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/availability',
      tag: 'Availability',
      summary: "A day's bookable times",
      description: 'Each time of the day (`yyyy-MM-dd`, Madrid) with the parties it can still take.',
      querystring: availabilityQuerySchema,
      responses: { 200: { description: "The day's times." } },
    },
    (_request, _reply, { query }) => getPublicAvailability(deps.database.db, deps.clock, query().date, undefined, seatable),
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/availability/month',
      tag: 'Availability',
      summary: "A month's days for a party",
      description: 'Which days of a `yyyy-MM` month have a time for `people`, and the first open day of the booking window.',
      querystring: monthAvailabilityQuerySchema,
      responses: { 200: { description: "The month's days." } },
    },
    (_request, _reply, { query }) => {
      const { month, people } = query();
      return getMonthAvailability(deps.database.db, deps.clock, month, people, { months, seatable });
    },
  );
  // The booking form's signed render time rides along: the page refetches the calendar on mount (decision 027).
  const bots = createBotCheck(deps.database.db, deps.clock, deps.sessionSecret);
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/calendar',
      tag: 'Availability',
      summary: 'The booking window and its closed days',
      description: 'What the date picker refuses, and `formToken`, which a booking request sends back (bot check).',
      responses: { 200: { description: 'The booking calendar.', schema: bookingCalendarSchema } },
    },
    async () => ({ ...(await getBookingCalendar(deps.database.db, deps.clock)), formToken: bots.formToken() }),
  );
}
