import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { listTables } from './service.ts';

/** Under /api/v1 (issue 48): the floor's tables. Seating a booking is reservations' (PUT /reservations/:id/tables). */
export function registerV1TableRoutes(app: FastifyInstance, deps: AppDeps): void {
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/tables',
      tag: 'Tables (v1)',
      summary: "The floor's tables",
      scope: 'lectura',
      responses: { 200: { description: 'Every table.' } },
    },
    () => listTables(deps.database.db),
  );
}
