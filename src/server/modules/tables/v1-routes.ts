import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { needs } from '../../platform/api-key-caller.ts';
import { listTables } from './service.ts';

/** Under /api/v1 (issue 48): the floor's tables. Seating a booking is reservations' (PUT /reservations/:id/tables). */
export function registerV1TableRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/tables', needs('lectura'), () => listTables(deps.database.db));
}
