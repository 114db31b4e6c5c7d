import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages.ts';
import type { AppDeps } from '../../app-deps.ts';
import { MESA_VERSION } from '../../version.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ok', db: deps.database.kind, version: MESA_VERSION };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({
        status: 'unavailable',
        db: deps.database.kind,
        version: MESA_VERSION,
        error: { code: 'database_unavailable', message: messages.http.databaseUnavailable },
      });
    }
  });
}
