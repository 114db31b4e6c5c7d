import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberSessionParamsSchema, sessionParamsSchema } from '@shared/schemas/devices.ts';
import { parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import { type DevicesDeps, endOtherSessions, endSession, listSessions } from './service.ts';

const memberOf = (request: FastifyRequest) => parseInput(memberSessionParamsSchema.pick({ id: true }), request.params).id;

/**
 * Under /api/admin (issue 44): a member's own sessions ('Mi cuenta' › 'Mis dispositivos', every role) and, under
 * /team, the owner's view of any member's (shared/rules/permissions.ts).
 */
export function registerDeviceRoutes(app: FastifyInstance, deps: DevicesDeps): void {
  app.get('/account/sessions', (request) => listSessions(deps, request.sessionUser!.id, request.sessionUser!.sessionHash));
  app.delete('/account/sessions/:sessionId', async (request, reply) => {
    const { sessionId } = parseInput(sessionParamsSchema, request.params);
    await endSession(deps, { userId: request.sessionUser!.id, sessionId, by: request.sessionUser!, actor: sensitiveActor(request) });
    return reply.status(204).send();
  });
  app.post('/account/sessions/end-others', async (request) => ({
    ended: await endOtherSessions(deps, request.sessionUser!, sensitiveActor(request)),
  }));

  app.get('/team/members/:id/sessions', (request) => listSessions(deps, memberOf(request), request.sessionUser!.sessionHash));
  app.delete('/team/members/:id/sessions/:sessionId', async (request, reply) => {
    const { id, sessionId } = parseInput(memberSessionParamsSchema, request.params);
    await endSession(deps, { userId: id, sessionId, by: request.sessionUser!, actor: sensitiveActor(request) });
    return reply.status(204).send();
  });
}
