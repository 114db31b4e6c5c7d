import type { FastifyInstance } from 'fastify';
import { notificationTestInputSchema } from '@shared/schemas/settings.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { sendTestNotification } from './test-service.ts';

export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** Notificaciones › Pruebas: queued now, delivered by the outbox worker like any other email. */
  app.post('/notifications/test', async (request, reply) => {
    const { kind } = parseInput(notificationTestInputSchema, request.body);
    return reply.status(202).send(await sendTestNotification(deps.database.db, kind, deps.config.publicUrl, deps.clock.now()));
  });
}
