// What every route behind a guest's private link shares (the reservation's page, the waitlist's, the erasure's
// confirmation): the per-address limit, the token from the path, and answers kept out of caches and referrers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { selfServiceTokenParamsSchema } from '@shared/schemas/self-service.ts';
import { hitOrRefuse, type RateLimit } from './rate-limit.ts';

/** The `params` of a private link's route spec (apiRoute): the path's :token. */
export const linkParams = selfServiceTokenParamsSchema;

/**
 * The path's :token, once the request is counted against `limiter`; the token is the only credential. `input`: the
 * route's (apiRoute), whose spec declares `params: linkParams`.
 */
export async function linkToken(request: FastifyRequest, limiter: RateLimit, input: { params(): { token: string } }): Promise<string> {
  await hitOrRefuse(limiter, request);
  return input.params().token;
}

/** Personal data behind a secret URL: answers under `prefix` are never cached, never sent on as a referrer. */
export function keepLinkPrivate(app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(prefix)) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
    }
  });
}
