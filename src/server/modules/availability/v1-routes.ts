import type { FastifyInstance } from 'fastify';
import { apiAvailabilityQuerySchema, type ApiAvailability, apiAvailabilitySchema } from '@shared/schemas/api-v1.ts';
import { slotTakes } from '@shared/rules/pacing.ts';
import type { AppDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { seatableCache } from '../capacity/service.ts';
import { getPublicAvailability } from './service.ts';

/** Under /api/v1 (issue 48): the times a party could book on a date, as the guest form offers them. */
export function registerV1AvailabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const seatable = seatableCache(deps.changes);
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/availability',
      tag: 'Availability (v1)',
      summary: 'The times a party could book on a date',
      scope: 'lectura',
      querystring: apiAvailabilityQuerySchema,
      responses: { 200: { description: "The day's times for the party.", schema: apiAvailabilitySchema } },
    },
    async (_request, _reply, { query }): Promise<ApiAvailability> => {
      const { date, people } = query();
      const day = await getPublicAvailability(deps.database.db, deps.clock, date, undefined, seatable);
      return {
        date,
        people,
        bookable: day.bookable,
        closedReason: day.closedReason,
        times: day.slots.map((slot) => ({ time: slot.time, available: slot.available && slotTakes(slot, people) })),
      };
    },
  );
}
