import type { FastifyInstance } from 'fastify';
import { changeRequestResultSchema, changeRequestSchema, selfServiceViewSchema } from '@shared/schemas/self-service.ts';
import { availabilityQuerySchema } from '@shared/schemas/reservation.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { keepLinkPrivate, linkParams, linkToken } from '../../platform/private-link-routes.ts';
import { cancelByGuest, getSelfServiceView, selfServiceAvailability, selfServiceCalendar, requestChange } from './service.ts';

/** Reads are a page view and its refetches; writes are as tight as the public form. */
const READS_PER_IP = 120;
const WRITES_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;

const TAG = 'Guest reservation';

/** /api/public/guest-reservations/:token… — the guest's private page. The token is the only credential. */
export function registerSelfServiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const reads = deps.rateLimits.define('guest-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('guest-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  keepLinkPrivate(app, '/api/public/guest-reservations/');

  apiRoute(
    app,
    {
      method: 'GET',
      url: '/guest-reservations/:token',
      tag: TAG,
      summary: "The guest's reservation, from its private link",
      params: linkParams,
      responses: { 200: { description: 'The reservation and what the guest may still do with it.', schema: selfServiceViewSchema } },
    },
    async (request, _reply, input) => getSelfServiceView(service, await linkToken(request, reads, input)),
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/guest-reservations/:token/availability',
      tag: TAG,
      summary: "A day's times the reservation could move to",
      description: "As `GET /api/public/availability`, counting the guest's own reservation as free.",
      params: linkParams,
      querystring: availabilityQuerySchema,
      responses: { 200: { description: "The day's times." } },
    },
    async (request, _reply, input) => {
      const key = await linkToken(request, reads, input);
      return selfServiceAvailability(service, key, input.query().date);
    },
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/guest-reservations/:token/calendar.ics',
      tag: TAG,
      summary: 'The reservation as a calendar event',
      params: linkParams,
      responses: { 200: { description: 'An iCalendar file.', contentType: 'text/calendar' } },
    },
    async (request, reply, input) => {
      const { ics, fileName } = await selfServiceCalendar(service, await linkToken(request, reads, input));
      return reply
        .header('Content-Type', 'text/calendar; method=PUBLISH; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(ics);
    },
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/guest-reservations/:token/cancel',
      tag: TAG,
      summary: 'Cancel the reservation',
      params: linkParams,
      responses: { 200: { description: 'Cancelled: the reservation as it now is.', schema: selfServiceViewSchema } },
    },
    async (request, _reply, input) => cancelByGuest(service, await linkToken(request, writes, input)),
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/guest-reservations/:token/change-request',
      tag: TAG,
      summary: 'Ask to change the date, time or party',
      description: 'A new request linked to this reservation; `status` says whether it is confirmed or waits for the restaurant.',
      params: linkParams,
      body: changeRequestSchema,
      responses: { 201: { description: 'The change request.', schema: changeRequestResultSchema } },
    },
    async (request, reply, input) => {
      const key = await linkToken(request, writes, input);
      const result = await requestChange(service, key, input.body());
      return reply.status(201).send(result);
    },
  );
}
