import type { FastifyInstance } from 'fastify';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { emlDirectory } from '../../platform/eml-files.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { keepLinkPrivate, linkParams, linkToken } from '../../platform/private-link-routes.ts';
import { confirmErasure, emailErasureLink, emailGuestExport, erasureLinkView } from './service.ts';

/** Each request sends an email or erases: as tight as the booking form, per address. */
const REQUESTS_PER_IP = 30;
const READS_PER_IP = 120;
const WINDOW_MS = 10 * 60_000;

const TAG = 'Guest data';

/**
 * The guest's data requests (issue 24): from the reservation's private link (/guest-reservations/:token/…), and the
 * erasure's confirmation link (/data-erasure/:token). Each token is the only credential.
 */
export function registerGuestDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  const requests = deps.rateLimits.define('guest-data-requests', REQUESTS_PER_IP, WINDOW_MS);
  const reads = deps.rateLimits.define('guest-data-reads', READS_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  keepLinkPrivate(app, '/api/public/data-erasure/');

  apiRoute(
    app,
    {
      method: 'POST',
      url: '/guest-reservations/:token/data-export',
      tag: TAG,
      summary: "Email the guest a copy of their data",
      params: linkParams,
      responses: { 202: { description: "Sent to the reservation's email address." } },
    },
    async (request, reply, input) => {
      await emailGuestExport(service, await linkToken(request, requests, input));
      return reply.status(202).send({ sent: true });
    },
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/guest-reservations/:token/data-erasure',
      tag: TAG,
      summary: 'Email the guest a link to erase their data',
      description: 'Nothing is erased until the emailed link is confirmed (`POST /api/public/data-erasure/{token}`).',
      params: linkParams,
      responses: { 202: { description: "Sent to the reservation's email address." } },
    },
    async (request, reply, input) => {
      await emailErasureLink(service, await linkToken(request, requests, input));
      return reply.status(202).send({ sent: true });
    },
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/data-erasure/:token',
      tag: TAG,
      summary: 'What confirming an erasure link will do',
      params: linkParams,
      responses: { 200: { description: 'The restaurant, the coming bookings it cancels, and when the link expires.' } },
    },
    async (request, _reply, input) => erasureLinkView(service, await linkToken(request, reads, input)),
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/data-erasure/:token',
      tag: TAG,
      summary: "Confirm an erasure link: erase the guest's data",
      params: linkParams,
      responses: { 200: { description: 'Erased; the link is used up.' } },
    },
    async (request, _reply, input) => confirmErasure(service, await linkToken(request, requests, input), emlDirectory(deps.config.dataDir)),
  );
}
