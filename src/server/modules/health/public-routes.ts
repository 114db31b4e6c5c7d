import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages.ts';
import type { AppDeps } from '../../app-deps.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ok', db: deps.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({
        status: 'unavailable',
        db: deps.database.kind,
        error: { code: 'database_unavailable', message: messages.http.databaseUnavailable },
      });
    }
  });
}
