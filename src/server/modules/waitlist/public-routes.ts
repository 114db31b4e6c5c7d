import type { FastifyInstance, FastifyReply } from 'fastify';
import { guestOfferViewSchema, guestWaitlistViewSchema, offerAcceptedSchema, publicWaitlistEntrySchema, waitlistJoinedSchema } from '@shared/schemas/waitlist.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { privateLinkRoutes } from '../../platform/private-link-routes.ts';
import { createBotCheck } from '../booking-defence/service.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import { apiLanguage } from '../../platform/guest-language.ts';
import { type GuaranteeGate, HELD_RESPONSE, heldAnswer } from '../reservations/service.ts';
import { offerOfToken } from './guest-views.ts';
import { acceptEntryOffer, acceptOffer, getGuestEntry, getGuestOffer, joinWaitlist, leaveWaitlist, type OfferAnswer } from './public-service.ts';

/** As tight as the booking form, as the links' writes are. */
const JOINS_PER_IP = 30;
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
  const service = serviceDeps(deps);
  const bots = createBotCheck(deps.database.db, deps.clock, deps.sessionSecret);
  const link = privateLinkRoutes(app, deps.rateLimits, {
    tag: TAG,
    privatePrefix: '/api/public/waitlist-',
    limits: { reads: 'waitlist-reads', writes: 'waitlist-writes' },
  });

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
  link.read(
    {
      url: '/waitlist-entries/:token',
      summary: "The guest's waitlist entry, from its private link",
      responses: { 200: { description: 'The entry.', schema: guestWaitlistViewSchema } },
    },
    (token) => getGuestEntry(service, token),
  );
  link.write(
    {
      url: '/waitlist-entries/:token/leave',
      summary: 'Leave the waitlist',
      responses: { 200: { description: 'The entry as it now is.', schema: guestWaitlistViewSchema } },
    },
    (token) => leaveWaitlist(service, token),
  );
  link.read(
    {
      url: '/waitlist-offers/:token',
      summary: 'A table offered to the waitlist, from its private link',
      responses: { 200: { description: 'The offer, and the card guarantee accepting it would ask for.', schema: guestOfferViewSchema } },
    },
    (token) => getGuestOffer(service, token),
  );
  link.write(
    { url: '/waitlist-entries/:token/accept', summary: "Accept the table held for the entry now, from the entry's page", responses: acceptResponses },
    async (token, _input, reply) => sendAnswer(reply, await acceptEntryOffer(service, token, guarantee), guarantee),
  );
  link.write({ url: '/waitlist-offers/:token/accept', summary: 'Accept an offered table', responses: acceptResponses }, async (token, _input, reply) => {
    const known = await offerOfToken(service, token);
    return sendAnswer(reply, await acceptOffer(service, known, guarantee), guarantee);
  });
}
