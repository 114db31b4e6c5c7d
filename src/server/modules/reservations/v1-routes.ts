import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiReservationsQuerySchema, toApiReservation } from '@shared/schemas/api-v1.ts';
import { billChangeSchema } from '@shared/schemas/bill.ts';
import { arrivalChangeSchema, manualReservationSchema, statusChangeSchema } from '@shared/schemas/reservation.ts';
import { seatTablesSchema } from '@shared/schemas/table.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { needs } from '../../platform/api-key-caller.ts';
import { parseInput } from '../../platform/validation.ts';
import { changeArrival, changeStatus, createManualReservation } from './admin-service.ts';
import { setBill } from './bill-service.ts';
import { apiKeyActor } from './change-log.ts';
import { seatAtTables } from './edit-service.ts';
import { apiReservation, apiReservationPage } from './v1-service.ts';

const idOf = (request: FastifyRequest) => parseInput(z.object({ id: z.uuid() }), request.params).id;

/**
 * Under /api/v1 (issue 48): the bookings read, created as staff create them, and changed through the same services
 * (status and arrival through reservations' transition), each change logged with the key's name. Scopes: decision 049.
 */
export function registerV1ReservationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/reservations', needs('lectura'), (request) => apiReservationPage(service, parseInput(apiReservationsQuerySchema, request.query)));
  app.get('/reservations/:id', needs('lectura'), (request) => apiReservation(service, idOf(request)));
  app.post('/reservations', needs('reservas'), async (request, reply) => {
    const created = await createManualReservation(service, parseInput(manualReservationSchema, request.body), apiKeyActor(request));
    return reply.status(201).send({ ...toApiReservation(created), pacingWarning: created.pacingWarning, tableWarning: created.tableWarning });
  });
  app.post('/reservations/:id/status', needs('reservas'), async (request) =>
    toApiReservation(await changeStatus(service, idOf(request), parseInput(statusChangeSchema, request.body), apiKeyActor(request))),
  );
  app.post('/reservations/:id/arrival', needs('mesas'), async (request) =>
    toApiReservation(await changeArrival(service, idOf(request), parseInput(arrivalChangeSchema, request.body), apiKeyActor(request))),
  );
  app.put('/reservations/:id/bill', needs('mesas'), async (request) =>
    toApiReservation(await setBill(service, idOf(request), parseInput(billChangeSchema, request.body).billCents, apiKeyActor(request))),
  );
  app.put('/reservations/:id/tables', needs('mesas'), async (request) => {
    const { tableIds, warnings } = await seatAtTables(service, idOf(request), parseInput(seatTablesSchema, request.body).tableIds, apiKeyActor(request));
    return { tableIds, warnings };
  });
}
