import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { webhookEndpointInputSchema } from '@shared/schemas/webhooks.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import { deliveryLog, resendDelivery, sendTestDelivery } from './deliveries.ts';
import { createWebhookEndpoint, listWebhookEndpoints, removeWebhookEndpoint, updateWebhookEndpoint } from './endpoints.ts';

const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.coerce.number().int().positive() });

/** Configuración › Integraciones: the owner's alone; adding, changing and removing need a fresh sign-in (permissions.ts). */
export function registerWebhookAdminRoutes(app: FastifyInstance, deps: AppDeps, box: SecretBox): void {
  const service = serviceDeps(deps);
  app.get('/integrations/webhooks', () => listWebhookEndpoints(service.db));
  app.post('/integrations/webhooks', async (request, reply) => {
    const input = parseInput(webhookEndpointInputSchema, request.body);
    const created = await createWebhookEndpoint(service, box, input, { userId: request.sessionUser!.id, actor: sensitiveActor(request) });
    return reply.status(201).header('Cache-Control', 'no-store').send(created);
  });
  app.put('/integrations/webhooks/:id', (request) => {
    const id = idOf(request);
    return updateWebhookEndpoint(service, id, parseInput(webhookEndpointInputSchema, request.body), sensitiveActor(request));
  });
  app.delete('/integrations/webhooks/:id', async (request, reply) => {
    await removeWebhookEndpoint(service, idOf(request), sensitiveActor(request));
    return reply.status(204).send();
  });
  app.get('/integrations/webhooks/:id/deliveries', (request) => deliveryLog(service.db, idOf(request)));
  app.post('/integrations/webhooks/:id/deliveries/:deliveryId/resend', (request) => {
    const { id, deliveryId } = parseInput(deliveryParams, request.params);
    return resendDelivery(service, id, deliveryId);
  });
  app.post('/integrations/webhooks/:id/test', async (request, reply) =>
    reply.status(201).send(await sendTestDelivery(service, idOf(request))),
  );
}
