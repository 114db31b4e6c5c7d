import type { FastifyInstance } from 'fastify';
import { apiAvailabilityQuerySchema, type ApiAvailability } from '@shared/schemas/api-v1.ts';
import { slotTakes } from '@shared/rules/pacing.ts';
import type { AppDeps } from '../../app-deps.ts';
import { needs } from '../../platform/api-key-caller.ts';
import { parseInput } from '../../platform/validation.ts';
import { seatableCache } from '../capacity/service.ts';
import { getPublicAvailability } from './service.ts';

/** Under /api/v1 (issue 48): the times a party could book on a date, as the guest form offers them. */
export function registerV1AvailabilityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const seatable = seatableCache(deps.changes);
  app.get('/availability', needs('lectura'), async (request): Promise<ApiAvailability> => {
    const { date, people } = parseInput(apiAvailabilityQuerySchema, request.query);
    const day = await getPublicAvailability(deps.database.db, deps.clock, date, undefined, seatable);
    return {
      date,
      people,
      bookable: day.bookable,
      closedReason: day.closedReason,
      times: day.slots.map((slot) => ({ time: slot.time, available: slot.available && slotTakes(slot, people) })),
    };
  });
}
