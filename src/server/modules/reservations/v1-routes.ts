import type { FastifyInstance } from 'fastify';
import { apiReservationPageSchema, apiReservationSchema, apiReservationsQuerySchema, toApiReservation } from '@shared/schemas/api-v1.ts';
import { billChangeSchema } from '@shared/schemas/bill.ts';
import { apiArrivalChangeSchema, manualReservationSchema, statusChangeSchema } from '@shared/schemas/staff-reservation.ts';
import { seatTablesSchema } from '@shared/schemas/table.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { idParamsSchema } from '../../platform/validation.ts';
import { changeArrival, changeStatus, createManualReservation } from './admin-service.ts';
import { setBill } from './bill-service.ts';
import { apiKeyActor } from './change-log.ts';
import { seatAtTables } from './edit-service.ts';
import { apiReservation, apiReservationPage } from './v1-service.ts';

const TAG = 'Reservations (v1)';
const updated = { 200: { description: 'The reservation as it now is.', schema: apiReservationSchema } };

/**
 * Under /api/v1 (issue 48): the bookings read, created as staff create them, and changed through the same services
 * (status and arrival through reservations' transition), each change logged with the key's name. Scopes: decision 049.
 */
export function registerV1ReservationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/reservations',
      tag: TAG,
      summary: "A period's reservations, a page at a time",
      scope: 'lectura',
      querystring: apiReservationsQuerySchema,
      responses: { 200: { description: 'A page, and the cursor of the next one.', schema: apiReservationPageSchema } },
    },
    (_request, _reply, { query }) => apiReservationPage(service, query()),
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/reservations/:id',
      tag: TAG,
      summary: 'One reservation',
      scope: 'lectura',
      params: idParamsSchema,
      responses: { 200: { description: 'The reservation.', schema: apiReservationSchema } },
    },
    (_request, _reply, { params }) => apiReservation(service, params().id),
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/reservations',
      tag: TAG,
      summary: 'Create a reservation, as staff do',
      description:
        "Created confirmed. With a `customerEmail`, the guest is sent the confirmation email (private link and .ics) as staff's booking dialog sends it by default; `sendConfirmation: false` sends nothing. Without an email nothing is sent.",
      scope: 'reservas',
      body: manualReservationSchema,
      responses: { 201: { description: "Made, with the pacing's and the tables' warnings, if any." } },
    },
    async (request, reply, { body }) => {
      const created = await createManualReservation(service, body(), apiKeyActor(request));
      return reply.status(201).send({ ...toApiReservation(created), pacingWarning: created.pacingWarning, tableWarning: created.tableWarning });
    },
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/reservations/:id/status',
      tag: TAG,
      summary: "Change a reservation's status",
      scope: 'reservas',
      params: idParamsSchema,
      body: statusChangeSchema,
      responses: updated,
    },
    async (request, _reply, { params, body }) => toApiReservation(await changeStatus(service, params().id, body(), apiKeyActor(request))),
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/reservations/:id/arrival',
      tag: TAG,
      summary: "Mark a reservation's arrival",
      description:
        "'pending' takes a mistaken arrival back until the booking is completed. `revision` (optional) is the reservation's " +
        'revision the change was made from: when it has changed since, the answer is 409 `stale` and nothing is written.',
      scope: 'mesas',
      params: idParamsSchema,
      body: apiArrivalChangeSchema,
      responses: updated,
    },
    async (request, _reply, { params, body }) => toApiReservation(await changeArrival(service, params().id, body(), apiKeyActor(request))),
  );
  apiRoute(
    app,
    {
      method: 'PUT',
      url: '/reservations/:id/bill',
      tag: TAG,
      summary: "Set a reservation's bill",
      scope: 'mesas',
      params: idParamsSchema,
      body: billChangeSchema,
      responses: updated,
    },
    async (request, _reply, { params, body }) => toApiReservation(await setBill(service, params().id, body().billCents, apiKeyActor(request))),
  );
  apiRoute(
    app,
    {
      method: 'PUT',
      url: '/reservations/:id/tables',
      tag: TAG,
      summary: 'Seat a reservation at tables',
      scope: 'mesas',
      params: idParamsSchema,
      body: seatTablesSchema,
      responses: { 200: { description: 'The tables, and any warning.' } },
    },
    async (request, _reply, { params, body }) => {
      const { tableIds, warnings } = await seatAtTables(service, params().id, body().tableIds, apiKeyActor(request));
      return { tableIds, warnings };
    },
  );
}
