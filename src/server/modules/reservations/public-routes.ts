import type { FastifyInstance } from 'fastify';
import { createdReservationSchema, publicReservationSchema } from '@shared/schemas/reservation.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { createBotCheck } from '../booking-defence/service.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import { apiLanguage } from '../../platform/guest-language.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { LINK_RESEND_WINDOW_MS } from './duplicates.ts';
import { type GuaranteeGate, HELD_RESPONSE, heldAnswer } from './guarantee-gate.ts';
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

  apiRoute(
    app,
    {
      method: 'POST',
      url: '/reservations',
      tag: 'Booking',
      summary: 'Request a reservation',
      description: [
        'The public booking form. `id` is made by the client: sending the same request again (a retry, a double click)',
        'answers with the reservation already made (200), without its private links. 30 requests per address in 10',
        'minutes; past the first 5, a 429 `challenge_required` asks for a solved challenge of `GET',
        '/api/public/booking-challenge` in the `X-Mesa-Proof` header.',
      ].join(' '),
      body: publicReservationSchema,
      responses: {
        201: { description: 'Made: pending or confirmed, with the guest\'s page and calendar links.', schema: createdReservationSchema },
        200: { description: 'Already made by an earlier request with the same id.', schema: createdReservationSchema },
        202: HELD_RESPONSE,
      },
    },
    async (request, reply, { body }) => {
      const hits = await hitOrRefuse(limiter, request);
      const input = body();
      await bots.check(request, hits, input);
      const result = await createPublicReservation(serviceDeps(deps), { ...input, language: apiLanguage(request) }, linkResends, guarantee);
      if ('held' in result) return reply.status(202).send(await heldAnswer(guarantee, result.held));
      return reply.status(result.created ? 201 : 200).send(result.reservation);
    },
  );

  // The proof of work the booking forms (this one and the waitlist's) send once past their free requests.
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/booking-challenge',
      tag: 'Booking',
      summary: 'Get a proof-of-work challenge for the booking forms',
      description: 'An ALTCHA challenge; base64 of `{ challenge, solution }` goes in the `X-Mesa-Proof` header of a booking or waitlist request.',
      responses: { 200: { description: 'The challenge.' } },
    },
    async (request, reply) => {
      await hitOrRefuse(challenges, request);
      return reply.header('cache-control', 'no-store').send(await bots.challenge());
    },
  );
}
