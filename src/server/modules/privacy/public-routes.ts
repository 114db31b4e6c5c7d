import type { FastifyInstance } from 'fastify';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { keepLinkPrivate, linkToken } from '../../platform/private-link-routes.ts';
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
  keepLinkPrivate(app, '/api/public/data-erasure/');

  app.post('/guest-reservations/:token/data-export', async (request, reply) => {
    await emailGuestExport(service, await linkToken(request, requests));
    return reply.status(202).send({ sent: true });
  });
  app.post('/guest-reservations/:token/data-erasure', async (request, reply) => {
    await emailErasureLink(service, await linkToken(request, requests));
    return reply.status(202).send({ sent: true });
  });
  app.get('/data-erasure/:token', async (request) => erasureLinkView(service, await linkToken(request, reads)));
  app.post('/data-erasure/:token', async (request) => confirmErasure(service, await linkToken(request, requests)));
}
