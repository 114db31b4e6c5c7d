import type { FastifyInstance } from 'fastify';
import { apiKeyInputSchema } from '@shared/schemas/api-keys.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

/** Configuración › Integraciones: the owner's alone; creating and revoking need a fresh sign-in (permissions.ts). */
export function registerApiKeyAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/integrations/api-keys', () => listApiKeys(service.db));
  app.post('/integrations/api-keys', async (request, reply) => {
    const input = parseInput(apiKeyInputSchema, request.body);
    const created = await createApiKey(service, input, { userId: request.sessionUser!.id, actor: sensitiveActor(request) });
    return reply.status(201).header('Cache-Control', 'no-store').send(created);
  });
  app.delete('/integrations/api-keys/:id', (request) =>
    revokeApiKey(service, idOf(request), sensitiveActor(request)),
  );
}
