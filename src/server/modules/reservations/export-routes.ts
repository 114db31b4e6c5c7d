import type { FastifyInstance } from 'fastify';
import { historyQuerySchema } from '@shared/schemas/reservation.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { exportFilename, historyCsv } from './export-service.ts';

export function registerReservationExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Same filters and order as GET /reservations/history; the page is ignored: the file holds every matching row.
  app.get('/reservations/export.csv', async (request, reply) => {
    const query = parseInput(historyQuerySchema, request.query);
    const body = await historyCsv(deps.database.db, query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${exportFilename(query)}"`)
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
