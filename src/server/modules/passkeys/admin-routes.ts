import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticationResponseSchema, passkeyNameSchema, registrationResponseSchema } from '@shared/schemas/passkeys.ts';
import { markFreshSignIn, type SessionContext } from '../../platform/sessions.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { sensitiveActor } from '../security/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import * as passkeys from './service.ts';

/**
 * The signed-in member's own passkeys, under /api/admin (issue 44): the list, adding one and removing one (both
 * after a fresh sign-in, shared/rules/permissions.ts), renaming; and a fresh sign-in by passkey.
 */
export function registerPasskeyRoutes(app: FastifyInstance, service: ServiceDeps, sessions: SessionContext): void {
  const secure = sessions.secureCookies;
  const withChallenge = (reply: FastifyReply, { options, challengeId }: { options: unknown; challengeId: string }) => {
    passkeys.setChallengeCookie(secure, reply, challengeId);
    return options;
  };
  const challengeOf = (request: FastifyRequest, reply: FastifyReply) => {
    passkeys.clearChallengeCookie(secure, reply);
    return passkeys.readChallengeCookie(secure, request);
  };

  app.get('/account/passkeys', (request) => passkeys.listPasskeys(service, request.sessionUser!.id));
  app.post('/account/passkeys/options', async (request, reply) => {
    const { name } = await getRestaurantConfig(service.db);
    return withChallenge(reply, await passkeys.registrationOptions(service, request.sessionUser!, name));
  });
  app.post('/account/passkeys', async (request, reply) => {
    const response = parseInput(registrationResponseSchema, request.body);
    const passkey = await passkeys.addPasskey(service, {
      userId: request.sessionUser!.id,
      challengeId: challengeOf(request, reply),
      response,
      userAgent: request.headers['user-agent'] ?? null,
      actor: sensitiveActor(request),
    });
    return reply.status(201).send(passkey);
  });
  app.patch('/account/passkeys/:id', (request) =>
    passkeys.renamePasskey(service.db, request.sessionUser!.id, idOf(request), parseInput(passkeyNameSchema, request.body).name),
  );
  app.delete('/account/passkeys/:id', async (request, reply) => {
    await passkeys.removePasskey(service, request.sessionUser!.id, idOf(request), sensitiveActor(request));
    return reply.status(204).send();
  });

  app.post('/account/fresh-sign-in/passkey/options', async (request, reply) =>
    withChallenge(reply, await passkeys.assertionOptions(service, 'fresh_sign_in', request.sessionUser!.id)),
  );
  app.post('/account/fresh-sign-in/passkey', async (request, reply) => {
    const response = parseInput(authenticationResponseSchema, request.body);
    const user = request.sessionUser!;
    const outcome = await passkeys.checkAssertion(service, { ceremony: 'fresh_sign_in', challengeId: challengeOf(request, reply), response, userId: user.id });
    if (outcome.refused) throw outcome.refused();
    await markFreshSignIn(sessions, user.sessionHash);
    return reply.status(204).send();
  });
}
