import type { FastifyInstance } from 'fastify';
import type { HeldReservation } from '@shared/schemas/reservation.ts';
import { publicWaitlistEntrySchema } from '@shared/schemas/waitlist.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { keepLinkPrivate, linkToken } from '../../platform/private-link-routes.ts';
import { createBotCheck } from '../../platform/bot-check.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import { apiLanguage } from '../../platform/guest-language.ts';
import { parseInput } from '../../platform/validation.ts';
import type { GuaranteeGate } from '../reservations/service.ts';
import { acceptOffer, getGuestEntry, getGuestOffer, joinWaitlist, leaveWaitlist } from './public-service.ts';

/** As tight as the booking form for writes; reads are a page view and its refetches. */
const JOINS_PER_IP = 30;
const READS_PER_IP = 120;
const WRITES_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;

/** /api/public/waitlist… — joining, and the guest's entry and offer links (the token is the only credential). */
export function registerPublicWaitlistRoutes(app: FastifyInstance, deps: AppDeps, guarantee: GuaranteeGate): void {
  const joins = deps.rateLimits.define('waitlist-joins', JOINS_PER_IP, WINDOW_MS);
  const reads = deps.rateLimits.define('waitlist-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('waitlist-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  const bots = createBotCheck(deps.database.db, deps.clock, deps.sessionSecret);
  keepLinkPrivate(app, '/api/public/waitlist-');

  app.post('/waitlist', async (request, reply) => {
    const hits = await hitOrRefuse(joins, request);
    const input = parseInput(publicWaitlistEntrySchema, request.body);
    await bots.check(request, hits, input);
    const { joined, created } = await joinWaitlist(service, { ...input, language: apiLanguage(request) });
    return reply.status(created ? 201 : 200).send(joined);
  });
  app.get('/waitlist-entries/:token', async (request) => getGuestEntry(service, await linkToken(request, reads)));
  app.post('/waitlist-entries/:token/leave', async (request) => leaveWaitlist(service, await linkToken(request, writes)));
  app.get('/waitlist-offers/:token', async (request) => getGuestOffer(service, await linkToken(request, reads)));
  app.post('/waitlist-offers/:token/accept', async (request, reply) => {
    const answer = await acceptOffer(service, await linkToken(request, writes), guarantee);
    if ('accepted' in answer) return reply.status(201).send(answer.accepted);
    // The party the card guarantee covers: to the provider's page, as from the booking form.
    const held: HeldReservation = {
      id: answer.held.holdId,
      status: 'awaiting_guarantee',
      checkoutUrl: await guarantee.checkoutUrl(answer.held.holdId),
      holdUntil: answer.held.holdUntil.toISOString(),
    };
    return reply.status(202).send(held);
  });
}
