import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { queueDailyReport } from './service.ts';

export function registerReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** 'Enviar informe de prueba': today's real report, now. */
  app.post('/reports/test', async (_request, reply) => {
    const recipients = await queueDailyReport(deps.database.db, deps.clock.now());
    return reply.status(202).send({ recipients });
  });
}
