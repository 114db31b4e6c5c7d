import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { seatingQuerySchema, seatTablesSchema } from '@shared/schemas/table.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import * as seating from './seating-service.ts';

const idParamsSchema = z.object({ id: z.uuid() });

/** Seating (issue 7): the day's reservations for the map, their tables, and seating one of them. */
export function registerSeatingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  app.get('/seating', (request) => seating.seatingDay(db, parseInput(seatingQuerySchema, request.query).date));
  app.get('/reservation-tables', (request) =>
    seating.reservationTablesOn(db, parseInput(seatingQuerySchema, request.query).date),
  );
  app.put('/reservations/:id/tables', (request) =>
    seating.seatReservation(db, parseInput(idParamsSchema, request.params).id, parseInput(seatTablesSchema, request.body).tableIds),
  );
}
