// The guard of /api/v1 (decision 049): a Bearer API key or nothing. It runs on onRequest, before the body is even
// parsed, so a key without the route's scope gets 403 whatever it sent (never a 400 first). Cookies are not read:
// a staff session alone is 401 here, and a key is read nowhere else.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_REQUESTS_PER_MINUTE } from '@shared/limits.ts';
import { formatMessage } from '@shared/messages.ts';
import { integrationsMessages } from '@shared/staff-messages/integrations.ts';
import { AppError, apiNotFound } from '../../platform/errors.ts';
import { hitOrRefuse, type RateLimits } from '../../platform/rate-limit.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { findCaller } from './callers.ts';

const text = integrationsMessages.api;
const BEARER = /^Bearer +(\S+) *$/i;

/** One answer for a missing, malformed, unknown or revoked key: none of them says which it was. */
const unauthorized = () => new AppError(401, 'unauthenticated', text.unauthorized);

export function registerApiKeyGuard(app: FastifyInstance, deps: ServiceDeps, rateLimits: RateLimits): void {
  const perKey = rateLimits.define('api-key', API_KEY_REQUESTS_PER_MINUTE, 60_000);
  app.decorateRequest('apiKey', null);
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.apiKey) return;
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const caller = await findCaller(deps, presented);
    if (!caller) {
      reply.header('WWW-Authenticate', 'Bearer realm="mesa"');
      throw unauthorized();
    }
    await hitOrRefuse(perKey, request, caller.id);
    // An unknown path has no route and no scope: it answers 404 to any live key.
    const scope = request.routeOptions.config.apiScope;
    if (request.routeOptions.url && (!scope || !caller.scopes.includes(scope))) {
      throw new AppError(403, 'forbidden_scope', formatMessage(text.forbiddenScope, { scope: scope ?? '—' }));
    }
    request.apiKey = caller;
  };
  app.addHook('onRequest', guard);
  app.setNotFoundHandler({ preHandler: guard }, (request, reply) => reply.status(404).send(apiNotFound(request.id)));
}
