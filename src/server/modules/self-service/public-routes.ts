import type { FastifyInstance } from 'fastify';
import { changeRequestSchema } from '@shared/schemas/self-service.ts';
import { availabilityQuerySchema } from '@shared/schemas/reservation.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { keepLinkPrivate, linkToken } from '../../platform/private-link-routes.ts';
import { parseInput } from '../../platform/validation.ts';
import { cancelByGuest, getSelfServiceView, selfServiceAvailability, selfServiceCalendar, requestChange } from './service.ts';

/** Reads are a page view and its refetches; writes are as tight as the public form. */
const READS_PER_IP = 120;
const WRITES_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;

/** /api/public/guest-reservations/:token… — the guest's private page. The token is the only credential. */
export function registerSelfServiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const reads = deps.rateLimits.define('guest-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('guest-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  keepLinkPrivate(app, '/api/public/guest-reservations/');

  app.get('/guest-reservations/:token', async (request) => getSelfServiceView(service, await linkToken(request, reads)));
  app.get('/guest-reservations/:token/availability', async (request) => {
    const key = await linkToken(request, reads);
    return selfServiceAvailability(service, key, parseInput(availabilityQuerySchema, request.query).date);
  });
  app.get('/guest-reservations/:token/calendar.ics', async (request, reply) => {
    const ics = await selfServiceCalendar(service, await linkToken(request, reads));
    return reply
      .header('Content-Type', 'text/calendar; method=PUBLISH; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="reserva.ics"')
      .send(ics);
  });
  app.post('/guest-reservations/:token/cancel', async (request) => cancelByGuest(service, await linkToken(request, writes)));
  app.post('/guest-reservations/:token/change-request', async (request, reply) => {
    const key = await linkToken(request, writes);
    const result = await requestChange(service, key, parseInput(changeRequestSchema, request.body));
    return reply.status(201).send(result);
  });
}
