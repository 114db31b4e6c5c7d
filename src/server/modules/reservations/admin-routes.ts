import type { FastifyInstance } from 'fastify';
import { arrivalChangeSchema, batchConfirmSchema, manualReservationSchema, reservationEditSchema, statusChangeSchema, undoRequestSchema, walkInProposalQuerySchema, walkInSchema } from '@shared/schemas/staff-reservation.ts';
import { historyQuerySchema, serviceSearchQuerySchema } from '@shared/schemas/reservation-history.ts';
import { activeReservationsQuerySchema } from '@shared/schemas/closures.ts';
import { billChangeSchema } from '@shared/schemas/bill.ts';
import { seatTablesSchema } from '@shared/schemas/table.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import * as admin from './admin-service.ts';
import { staffActor } from './change-log.ts';
import { setBill } from './bill-service.ts';
import { editReservation, seatAtTables } from './edit-service.ts';
import { undoStaffChange } from './undo-service.ts';
import { confirmBatch } from './batch-confirm-service.ts';
import { callToConfirm } from './call-to-confirm.ts';
import { proposeWalkIn, seatWalkIn } from './walk-in-service.ts';
import { exportFilename, historyCsv } from './export-service.ts';

export function registerAdminReservationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/reservations/today', () => admin.todaysReservations(service));
  app.get('/reservations/upcoming', () => admin.upcomingReservations(service));
  app.get('/reservations/pending', () => admin.pendingReservations(service));
  app.get('/reservations/search', (request) =>
    admin.searchServiceReservations(service, parseInput(serviceSearchQuerySchema, request.query).q),
  );
  app.get('/reservations/pending/count', () => admin.pendingCount(service));
  app.get('/reservations/call-to-confirm', () => callToConfirm(service));
  app.get('/reservations/history', (request) =>
    admin.reservationHistory(service, parseInput(historyQuerySchema, request.query)),
  );
  app.post('/reservations', async (request, reply) => {
    const input = parseInput(manualReservationSchema, request.body);
    const created = await admin.createManualReservation(service, input, staffActor(request));
    return reply.status(201).send(created);
  });
  app.get('/walk-ins/proposal', (request) => proposeWalkIn(service, parseInput(walkInProposalQuerySchema, request.query).people));
  app.post('/walk-ins', async (request, reply) => {
    const seated = await seatWalkIn(service, parseInput(walkInSchema, request.body), staffActor(request));
    return reply.status(201).send(seated);
  });
  app.patch('/reservations/:id', (request) =>
    editReservation(service, idOf(request), parseInput(reservationEditSchema, request.body), staffActor(request)),
  );
  app.put('/reservations/:id/tables', (request) =>
    seatAtTables(service, idOf(request), parseInput(seatTablesSchema, request.body).tableIds, staffActor(request)),
  );
  app.post('/reservations/undo', (request) =>
    undoStaffChange(service, parseInput(undoRequestSchema, request.body).group, staffActor(request)),
  );
  // 'Confirmar todas (N)': whoever may confirm one request may confirm the list (decision 064).
  app.post('/reservations/confirm-batch', (request) =>
    confirmBatch(service, parseInput(batchConfirmSchema, request.body).reservations, staffActor(request)),
  );
  app.patch('/reservations/:id/status', (request) =>
    admin.changeStatus(service, idOf(request), parseInput(statusChangeSchema, request.body), staffActor(request)),
  );
  app.patch('/reservations/:id/arrival', (request) =>
    admin.changeArrival(service, idOf(request), parseInput(arrivalChangeSchema, request.body), staffActor(request)),
  );
  app.put('/reservations/:id/bill', (request) =>
    setBill(service, idOf(request), parseInput(billChangeSchema, request.body).billCents, staffActor(request)),
  );
  app.get('/reservations/active', (request) =>
    admin.activeReservations(service, parseInput(activeReservationsQuerySchema, request.query)),
  );
  app.get('/reservations/:id/changes', (request) => admin.reservationChangeLog(service, idOf(request)));
  // Same filters and order as GET /reservations/history; the page is ignored: the file holds every matching row.
  app.get('/reservations/export.csv', async (request, reply) => {
    const query = parseInput(historyQuerySchema, request.query);
    const body = await historyCsv(service.db, query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${exportFilename(query)}"`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
