import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@shared/messages.ts';
import { selfServiceTokenParamsSchema } from '@shared/schemas/self-service.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { AppError } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { confirmErasure, emailErasureLink, emailGuestExport, erasureLinkView } from './service.ts';

/** Each request sends an email or erases: as tight as the booking form, per address. */
const REQUESTS_PER_IP = 30;
const READS_PER_IP = 120;
const WINDOW_MS = 10 * 60_000;

/**
 * The guest's data requests (issue 24): from the reservation's private link (/guest-reservations/:token/…), and the
 * erasure's confirmation link (/data-erasure/:token). Each token is the only credential.
 */
export function registerGuestDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  const requests = deps.rateLimits.define('guest-data-requests', REQUESTS_PER_IP, WINDOW_MS);
  const reads = deps.rateLimits.define('guest-data-reads', READS_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  const token = async (request: FastifyRequest, limiter: typeof requests) => {
    if (!(await limiter.hit(request.ip))) throw new AppError(429, 'rate_limited', messages.http.rateLimited);
    return parseInput(selfServiceTokenParamsSchema, request.params).token;
  };
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/public/data-erasure/')) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
    }
  });

  app.post('/guest-reservations/:token/data-export', async (request, reply) => {
    await emailGuestExport(service, await token(request, requests));
    return reply.status(202).send({ sent: true });
  });
  app.post('/guest-reservations/:token/data-erasure', async (request, reply) => {
    await emailErasureLink(service, await token(request, requests));
    return reply.status(202).send({ sent: true });
  });
  app.get('/data-erasure/:token', async (request) => erasureLinkView(service, await token(request, reads)));
  app.post('/data-erasure/:token', async (request) => confirmErasure(service, await token(request, requests)));
}
