import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@shared/messages.ts';
import { publicWaitlistEntrySchema } from '@shared/schemas/waitlist.ts';
import { selfServiceTokenParamsSchema } from '@shared/schemas/self-service.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateLimit } from '../../platform/rate-limit.ts';
import { parseInput } from '../../platform/validation.ts';
import { acceptOffer, getGuestEntry, getGuestOffer, joinWaitlist, leaveWaitlist } from './public-service.ts';

/** As tight as the booking form for writes; reads are a page view and its refetches. */
const JOINS_PER_IP = 30;
const READS_PER_IP = 120;
const WRITES_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;

/** /api/public/waitlist… — joining, and the guest's entry and offer links (the token is the only credential). */
export function registerPublicWaitlistRoutes(app: FastifyInstance, deps: AppDeps): void {
  const joins = deps.rateLimits.define('waitlist-joins', JOINS_PER_IP, WINDOW_MS);
  const reads = deps.rateLimits.define('waitlist-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('waitlist-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);
  const allow = async (request: FastifyRequest, limiter: RateLimit) => {
    if (!(await limiter.hit(request.ip))) throw new AppError(429, 'rate_limited', messages.http.rateLimited);
  };
  const token = async (request: FastifyRequest, limiter: RateLimit) => {
    await allow(request, limiter);
    return parseInput(selfServiceTokenParamsSchema, request.params).token;
  };
  // Personal data behind a secret URL: never cached, never sent on as a referrer.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/public/waitlist-')) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
    }
  });

  app.post('/waitlist', async (request, reply) => {
    await allow(request, joins);
    const { joined, created } = await joinWaitlist(service, parseInput(publicWaitlistEntrySchema, request.body));
    return reply.status(created ? 201 : 200).send(joined);
  });
  app.get('/waitlist-entries/:token', async (request) => getGuestEntry(service, await token(request, reads)));
  app.post('/waitlist-entries/:token/leave', async (request) => leaveWaitlist(service, await token(request, writes)));
  app.get('/waitlist-offers/:token', async (request) => getGuestOffer(service, await token(request, reads)));
  app.post('/waitlist-offers/:token/accept', async (request, reply) =>
    reply.status(201).send(await acceptOffer(service, await token(request, writes))),
  );
}
