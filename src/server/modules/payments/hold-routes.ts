import type { FastifyInstance } from 'fastify';
import {
  guaranteeHoldParamsSchema,
  guaranteeHoldViewSchema,
  guaranteeLinkParamsSchema,
  guaranteeReturnQuerySchema,
} from '@shared/schemas/card-guarantee.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import type { PaymentsContext } from './connection.ts';
import { guaranteeLinkCheckout, guaranteeLinkView } from './guarantee-link.ts';
import { cancelHold, checkoutAgain, holdOnReturn } from './hold-service.ts';

const READS_PER_IP = 120;
const WRITES_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;

const TAG = 'Card guarantee';

/**
 * /api/public/card-guarantees/:id — the guest back from the provider's page (issue 45); /card-guarantee-links/:token —
 * the guarantee link staff emailed for a booking already made (item 7).
 */
export function registerPublicHoldRoutes(app: FastifyInstance, deps: AppDeps, context: PaymentsContext): void {
  const reads = deps.rateLimits.define('guarantee-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('guarantee-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);

  apiRoute(
    app,
    {
      method: 'GET',
      url: '/card-guarantees/:id',
      tag: TAG,
      summary: "A card guarantee's state, the guest back from the provider's page",
      description: "`session_id`: the provider's page id its return address carries; with it, a finished payment page is read at once.",
      params: guaranteeHoldParamsSchema,
      querystring: guaranteeReturnQuerySchema,
      responses: { 200: { description: 'The guarantee and the booking it is for.', schema: guaranteeHoldViewSchema } },
    },
    async (request, reply, { params, query }) => {
      await hitOrRefuse(reads, request);
      const { id } = params();
      const { session_id: sessionId } = query();
      return reply.header('cache-control', 'no-store').send(await holdOnReturn(service, context, id, sessionId));
    },
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/card-guarantees/:id/checkout',
      tag: TAG,
      summary: "A new provider's page for a waiting card guarantee",
      params: guaranteeHoldParamsSchema,
      responses: { 200: { description: '`{ checkoutUrl }`: where to send the guest.' } },
    },
    async (request, _reply, { params }) => {
      await hitOrRefuse(writes, request);
      return checkoutAgain(service, context, params().id);
    },
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/card-guarantees/:id/cancel',
      tag: TAG,
      summary: 'Give up a waiting card guarantee and its booking request',
      params: guaranteeHoldParamsSchema,
      responses: { 200: { description: 'The guarantee as it now is.', schema: guaranteeHoldViewSchema } },
    },
    async (request, _reply, { params }) => {
      await hitOrRefuse(writes, request);
      return cancelHold(service, context, params().id);
    },
  );
  apiRoute(
    app,
    {
      method: 'GET',
      url: '/card-guarantee-links/:token',
      tag: TAG,
      summary: 'A card guarantee asked by link for a booking already made',
      params: guaranteeLinkParamsSchema,
      responses: { 200: { description: 'The guarantee and the booking it is for.', schema: guaranteeHoldViewSchema } },
    },
    async (request, reply, { params }) => {
      await hitOrRefuse(reads, request);
      return reply.header('cache-control', 'no-store').send(await guaranteeLinkView(service, params().token));
    },
  );
  apiRoute(
    app,
    {
      method: 'POST',
      url: '/card-guarantee-links/:token/checkout',
      tag: TAG,
      summary: "The provider's page for a card guarantee asked by link",
      params: guaranteeLinkParamsSchema,
      responses: { 200: { description: '`{ checkoutUrl }`: where to send the guest.' } },
    },
    async (request, _reply, { params }) => {
      await hitOrRefuse(writes, request);
      return guaranteeLinkCheckout(service, context, params().token);
    },
  );
}
