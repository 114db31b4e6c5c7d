import type { FastifyInstance } from 'fastify';
import { changeRequestResultSchema, changeRequestSchema, selfServiceViewSchema } from '@shared/schemas/self-service.ts';
import { availabilityQuerySchema } from '@shared/schemas/reservation.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { privateLinkRoutes } from '../../platform/private-link-routes.ts';
import { cancelByGuest, getSelfServiceView, selfServiceAvailability, selfServiceCalendar, requestChange } from './service.ts';

/** /api/public/guest-reservations/:token… — the guest's private page. The token is the only credential. */
export function registerSelfServiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  const link = privateLinkRoutes(app, deps.rateLimits, {
    tag: 'Guest reservation',
    privatePrefix: '/api/public/guest-reservations/',
    limits: { reads: 'guest-reads', writes: 'guest-writes' },
  });

  link.read(
    {
      url: '/guest-reservations/:token',
      summary: "The guest's reservation, from its private link",
      responses: { 200: { description: 'The reservation and what the guest may still do with it.', schema: selfServiceViewSchema } },
    },
    (token) => getSelfServiceView(service, token),
  );
  link.read(
    {
      url: '/guest-reservations/:token/availability',
      summary: "A day's times the reservation could move to",
      description: "As `GET /api/public/availability`, counting the guest's own reservation as free.",
      querystring: availabilityQuerySchema,
      responses: { 200: { description: "The day's times." } },
    },
    (token, input) => selfServiceAvailability(service, token, input.query().date),
  );
  link.read(
    {
      url: '/guest-reservations/:token/calendar.ics',
      summary: 'The reservation as a calendar event',
      responses: { 200: { description: 'An iCalendar file.', contentType: 'text/calendar' } },
    },
    async (token, _input, reply) => {
      const { ics, fileName } = await selfServiceCalendar(service, token);
      return reply
        .header('Content-Type', 'text/calendar; method=PUBLISH; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(ics);
    },
  );
  link.write(
    {
      url: '/guest-reservations/:token/cancel',
      summary: 'Cancel the reservation',
      responses: { 200: { description: 'Cancelled: the reservation as it now is.', schema: selfServiceViewSchema } },
    },
    (token) => cancelByGuest(service, token),
  );
  link.write(
    {
      url: '/guest-reservations/:token/change-request',
      summary: 'Ask to change the date, time or party',
      description: 'A new request linked to this reservation; `status` says whether it is confirmed or waits for the restaurant.',
      body: changeRequestSchema,
      responses: { 201: { description: 'The change request.', schema: changeRequestResultSchema } },
    },
    async (token, input, reply) => reply.status(201).send(await requestChange(service, token, input.body())),
  );
}
