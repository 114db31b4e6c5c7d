import type { FastifyInstance } from 'fastify';
import { guaranteeHoldParamsSchema, guaranteeLinkParamsSchema, guaranteeReturnQuerySchema } from '@shared/schemas/card-guarantee.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import { parseInput } from '../../platform/validation.ts';
import type { PaymentsContext } from './connection.ts';
import { guaranteeLinkCheckout, guaranteeLinkView } from './guarantee-link.ts';
import { cancelHold, checkoutAgain, holdOnReturn } from './hold-service.ts';

const READS_PER_IP = 120;
const WRITES_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;

/**
 * /api/public/card-guarantees/:id — the guest back from the provider's page (issue 45); /card-guarantee-links/:token —
 * the guarantee link staff emailed for a booking already made (item 7).
 */
export function registerPublicHoldRoutes(app: FastifyInstance, deps: AppDeps, context: PaymentsContext): void {
  const reads = deps.rateLimits.define('guarantee-reads', READS_PER_IP, WINDOW_MS);
  const writes = deps.rateLimits.define('guarantee-writes', WRITES_PER_IP, WINDOW_MS);
  const service = serviceDeps(deps);

  app.get('/card-guarantees/:id', async (request, reply) => {
    await hitOrRefuse(reads, request);
    const { id } = parseInput(guaranteeHoldParamsSchema, request.params);
    const { session_id: sessionId } = parseInput(guaranteeReturnQuerySchema, request.query);
    return reply.header('cache-control', 'no-store').send(await holdOnReturn(service, context, id, sessionId));
  });
  app.post('/card-guarantees/:id/checkout', async (request) => {
    await hitOrRefuse(writes, request);
    return checkoutAgain(service, context, parseInput(guaranteeHoldParamsSchema, request.params).id);
  });
  app.post('/card-guarantees/:id/cancel', async (request) => {
    await hitOrRefuse(writes, request);
    return cancelHold(service, context, parseInput(guaranteeHoldParamsSchema, request.params).id);
  });
  app.get('/card-guarantee-links/:token', async (request, reply) => {
    await hitOrRefuse(reads, request);
    const { token } = parseInput(guaranteeLinkParamsSchema, request.params);
    return reply.header('cache-control', 'no-store').send(await guaranteeLinkView(service, token));
  });
  app.post('/card-guarantee-links/:token/checkout', async (request) => {
    await hitOrRefuse(writes, request);
    return guaranteeLinkCheckout(service, context, parseInput(guaranteeLinkParamsSchema, request.params).token);
  });
}
