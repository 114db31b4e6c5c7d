import type { FastifyInstance } from 'fastify';
import { type HeldReservation, publicReservationSchema } from '@shared/schemas/reservation.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { createBotCheck } from '../../platform/bot-check.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import { apiLanguage } from '../../platform/guest-language.ts';
import { parseInput } from '../../platform/validation.ts';
import { LINK_RESEND_WINDOW_MS } from './duplicates.ts';
import type { GuaranteeGate } from './guarantee-gate.ts';
import { createPublicReservation } from './public-service.ts';

/** Generous for a family booking several days, tight for a script. */
const REQUESTS_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;
/** A challenge costs the server one key derivation; a browser asks for one per request past the free ones. */
const CHALLENGES_PER_IP = 60;

export function registerPublicReservationRoutes(app: FastifyInstance, deps: AppDeps, guarantee: GuaranteeGate): void {
  const limiter = deps.rateLimits.define('public-reservations', REQUESTS_PER_IP, WINDOW_MS);
  const challenges = deps.rateLimits.define('booking-challenges', CHALLENGES_PER_IP, WINDOW_MS);
  const linkResends = deps.rateLimits.define('booking-link-resends', 1, LINK_RESEND_WINDOW_MS);
  const bots = createBotCheck(deps.database.db, deps.clock, deps.sessionSecret);

  app.post('/reservations', async (request, reply) => {
    const hits = await hitOrRefuse(limiter, request);
    const input = parseInput(publicReservationSchema, request.body);
    await bots.check(request, hits, input);
    const result = await createPublicReservation(serviceDeps(deps), { ...input, language: apiLanguage(request) }, linkResends, guarantee);
    if ('held' in result) {
      const held: HeldReservation = {
        id: result.held.holdId,
        status: 'awaiting_guarantee',
        checkoutUrl: await guarantee.checkoutUrl(result.held.holdId),
        holdUntil: result.held.holdUntil.toISOString(),
      };
      return reply.status(202).send(held);
    }
    return reply.status(result.created ? 201 : 200).send(result.reservation);
  });

  // The proof of work the booking forms (this one and the waitlist's) send once past their free requests.
  app.get('/booking-challenge', async (request, reply) => {
    await hitOrRefuse(challenges, request);
    return reply.header('cache-control', 'no-store').send(await bots.challenge());
  });
}
