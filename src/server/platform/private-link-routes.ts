// What every route behind a guest's private link shares (the reservation's page, the waitlist's, the erasure's
// confirmation, the rating's): the per-address limits, the token from the path, and answers kept out of caches and
// referrers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { selfServiceTokenParamsSchema } from '@shared/schemas/self-service.ts';
import { type ApiInput, type ApiRouteSpec, apiRoute } from './api-route.ts';
import { hitOrRefuse, type RateLimit, type RateLimits } from './rate-limit.ts';

/** Each link's limits count an address's requests over this window. */
const LINK_WINDOW_MS = 10 * 60_000;

/** The `params` of a private link's route spec: the path's :token. */
const linkParams = selfServiceTokenParamsSchema;

/** A link's two limits, GET (a page view and its refetches) and POST (a change, an email sent, an erasure). */
interface LinkLimits<Value> {
  reads: Value;
  writes: Value;
}

/** A guest link's usual requests per address: a page view and its refetches; writes as tight as the public booking form. */
const LINK_PER_IP: LinkLimits<number> = { reads: 120, writes: 30 };

/** One kind of guest link, as its routes share it. */
export interface PrivateLink {
  /** The group its routes show in (apiRoute's tag). */
  tag: string;
  /** Answers under this path are never cached, never sent on as a referrer. */
  privatePrefix: string;
  /** Each limit's name: it keeps its counters apart from every other limit's. */
  limits: LinkLimits<string>;
  /** Requests per address, where not LINK_PER_IP. */
  perIp?: LinkLimits<number>;
}

/** A route's spec (apiRoute's) without what the link gives it: the method, the tag, the :token params. */
type LinkRouteSpec = Omit<ApiRouteSpec, 'method' | 'tag' | 'params'>;
type LinkSpec<Spec extends LinkRouteSpec> = Spec & { method: 'GET' | 'POST'; tag: string; params: typeof linkParams };

/** A route's handler, given the path's token once the request has been counted against its limit. */
type LinkHandler<Spec extends LinkRouteSpec> = (token: string, input: ApiInput<LinkSpec<Spec>>, reply: FastifyReply) => unknown;

export interface PrivateLinkRoutes {
  /** A GET behind the link, counted against its reads' limit. */
  read<const Spec extends LinkRouteSpec>(spec: Spec, handler: LinkHandler<Spec>): void;
  /** A POST behind the link, counted against its writes' limit. */
  write<const Spec extends LinkRouteSpec>(spec: Spec, handler: LinkHandler<Spec>): void;
}

/**
 * The path's :token, once the request is counted against `limiter`; the token is the only credential. `input`: the
 * route's (apiRoute), whose spec declares `params: linkParams`.
 */
async function linkToken(request: FastifyRequest, limiter: RateLimit, input: { params(): { token: string } }): Promise<string> {
  await hitOrRefuse(limiter, request);
  return input.params().token;
}

/** Personal data behind a secret URL: answers under `prefix` are never cached, never sent on as a referrer. */
function keepLinkPrivate(app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(prefix)) {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
    }
  });
}

/** The documented routes (apiRoute) behind one kind of guest link, on `app` (the /api/public scope). */
export function privateLinkRoutes(app: FastifyInstance, rateLimits: RateLimits, link: PrivateLink): PrivateLinkRoutes {
  const perIp = link.perIp ?? LINK_PER_IP;
  const reads = rateLimits.define(link.limits.reads, perIp.reads, LINK_WINDOW_MS);
  const writes = rateLimits.define(link.limits.writes, perIp.writes, LINK_WINDOW_MS);
  keepLinkPrivate(app, link.privatePrefix);
  const route =
    (method: 'GET' | 'POST', limiter: RateLimit) =>
    <const Spec extends LinkRouteSpec>(spec: Spec, handler: LinkHandler<Spec>): void =>
      apiRoute(app, { ...spec, method, tag: link.tag, params: linkParams } as LinkSpec<Spec>, async (request, reply, input) =>
        handler(await linkToken(request, limiter, input), input, reply),
      );
  return { read: route('GET', reads), write: route('POST', writes) };
}
