import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invitationInputSchema, roleChangeSchema, secondFactorPolicySchema } from '@shared/schemas/team.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import { secondFactorRequired, setSecondFactorRequired } from './second-factor-policy.ts';
import * as team from './team-service.ts';

/** The owner acting (the guard lets only owners reach /team). */
const actorOf = (request: FastifyRequest): team.TeamActor => ({ id: request.sessionUser!.id, email: request.sessionUser!.email, ipAddress: request.ip ?? null });

/** 'Equipo' (issue 20), under /api/admin: the owner's alone (shared/rules/permissions.ts). */
export function registerTeamRoutes(app: FastifyInstance, deps: team.TeamDeps): void {
  app.get('/team', () => team.listTeam(deps));
  app.get('/team/events', () => team.recentTeamEvents(deps));
  app.post('/team/invitations', async (request, reply) =>
    reply.status(201).send(await team.inviteStaff(deps, actorOf(request), parseInput(invitationInputSchema, request.body))),
  );
  app.post('/team/invitations/:id/resend', async (request, reply) => {
    await team.resendInvitation(deps, actorOf(request), idOf(request));
    return reply.status(204).send();
  });
  app.delete('/team/invitations/:id', async (request, reply) => {
    await team.revokeInvitation(deps, actorOf(request), idOf(request));
    return reply.status(204).send();
  });
  app.patch('/team/members/:id', async (request, reply) => {
    await team.changeRole(deps, actorOf(request), idOf(request), parseInput(roleChangeSchema, request.body).role);
    return reply.status(204).send();
  });
  app.post('/team/members/:id/deactivate', async (request, reply) => {
    await team.setActive(deps, actorOf(request), idOf(request), false);
    return reply.status(204).send();
  });
  app.post('/team/members/:id/reactivate', async (request, reply) => {
    await team.setActive(deps, actorOf(request), idOf(request), true);
    return reply.status(204).send();
  });
  app.get('/team/second-factor', async () => ({ required: await secondFactorRequired(deps.sessions.db) }));
  app.put('/team/second-factor', (request) =>
    setSecondFactorRequired(deps.sessions, parseInput(secondFactorPolicySchema, request.body).required, sensitiveActor(request)),
  );
}
