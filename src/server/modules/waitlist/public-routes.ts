import type { FastifyInstance, FastifyReply } from 'fastify';
import { guestOfferViewSchema, guestWaitlistViewSchema, offerAcceptedSchema, publicWaitlistEntrySchema, waitlistJoinedSchema } from '@shared/schemas/waitlist.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { keepLinkPrivate, linkParams, linkToken } from '../../platform/private-link-routes.ts';
import { createBotCheck } from '../booking-defence/service.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import { apiLanguage } from '../../platform/guest-language.ts';
import { type GuaranteeGate, HELD_RESPONSE, heldAnswer } from '../reservations/service.ts';
import { offerOfToken } from './guest-views.ts';
import { acceptEntryOffer, acceptOffer, getGuestEntry, getGuestOffer, joinWaitlist, leaveWaitlist, type OfferAnswer } from './public-service.ts';

/** As tight as the booking form for writes; reads are a page view and its refetches. */
const JOINS_PER_IP = 30;
const READS_PER_IP = 120;
const WRITES_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;

const TAG = 'Waitlist';

const acceptResponses = {
  201: { description: 'Booked.', schema: offerAcceptedSchema },
  202: HELD_RESPONSE,
};

/** An acceptance's answer: 201 and the booking, or 202 and the provider's page for the card. */
async function sendAnswer(reply: FastifyReply, answer: OfferAnswer, guarantee: GuaranteeGate) {
  if ('accepted' in answer) return reply.status(201).send(answer.accepted);
  // The party the card guarantee covers: to the provider's page, as from the booking form.
  return reply.status(202).send(await heldAnswer(guarantee, answer.held));
}

/** /api/public/waitlist… — joining, and the guest's entry and offer links (the token is the only credential). */
export function registerPublicWaitlistRoutes(app: FastifyInstance, deps: AppDeps, guarantee: GuaranteeGate): void {
  const joins = deps.rateLimits.define('waitlist-joins', JOINS_PER_IP, WINDOW_MS);
  const reads = deps.rateLimits.define('waitlist-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('waitlist-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  const bots = createBotCheck(deps.database.db, deps.clock, deps.sessionSecret);
  keepLinkPrivate(app, '/api/public/waitlist-');

  apiRoute(
    app,
    {
      method: 'POST',
      url: '/waitlist',
      tag: TAG,
      summary: 'Join the waitlist for a full time',
      description: 'As `POST /api/public/reservations`: `id` is made by the client, and the same bot checks apply.',
      body: publicWaitlistEntrySchema,
      responses: {
        201: { description: 'Joined.', schema: waitlistJoinedSchema },
        200: { description: 'Already joined by an earlier request with the same id.', schema: waitlistJoinedSchema },
      },
    },
    async (request, reply, { body }) => {
      const hits = await hitOrRefuse(joins, request);
      const input = body();
      await bots.check(request, hits, input);
      const { joined, created } = await joinWaitlist(service, { ...input, language: apiLanguage(request) });
      return reply.status(created ? 201 : 200).send(joined);
    },
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/waitlist-entries/:token',
      tag: TAG,
      summary: "The guest's waitlist entry, from its private link",
      params: linkParams,
      responses: { 200: { description: 'The entry.', schema: guestWaitlistViewSchema } },
    },
    async (request, _reply, input) => getGuestEntry(service, await linkToken(request, reads, input)),
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/waitlist-entries/:token/leave',
      tag: TAG,
      summary: 'Leave the waitlist',
      params: linkParams,
      responses: { 200: { description: 'The entry as it now is.', schema: guestWaitlistViewSchema } },
    },
    async (request, _reply, input) => leaveWaitlist(service, await linkToken(request, writes, input)),
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/waitlist-offers/:token',
      tag: TAG,
      summary: 'A table offered to the waitlist, from its private link',
      params: linkParams,
      responses: { 200: { description: 'The offer, and the card guarantee accepting it would ask for.', schema: guestOfferViewSchema } },
    },
    async (request, _reply, input) => getGuestOffer(service, await linkToken(request, reads, input)),
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/waitlist-entries/:token/accept',
      tag: TAG,
      summary: "Accept the table held for the entry now, from the entry's page",
      params: linkParams,
      responses: acceptResponses,
    },
    async (request, reply, input) => {
      const token = await linkToken(request, writes, input);
      return sendAnswer(reply, await acceptEntryOffer(service, token, guarantee), guarantee);
    },
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/waitlist-offers/:token/accept',
      tag: TAG,
      summary: 'Accept an offered table',
      params: linkParams,
      responses: acceptResponses,
    },
    async (request, reply, input) => {
      const known = await offerOfToken(service, await linkToken(request, writes, input));
      return sendAnswer(reply, await acceptOffer(service, known, guarantee), guarantee);
    },
  );
}
