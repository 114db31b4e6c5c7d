import type { FastifyInstance } from 'fastify';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { badRequest } from '../../platform/errors.ts';
import type { PaymentsContext } from './connection.ts';
import { receiveProviderEvent } from './provider-events.ts';

/** Where the provider sends its events, under /api/public (given to Stripe, shown in 'Pagos'). */
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

/** Stripe's events are small; a body past this is not one. */
const BODY_LIMIT = 256 * 1024;

export function registerPaymentWebhookRoutes(app: FastifyInstance, deps: AppDeps, context: PaymentsContext): void {
  const service = serviceDeps(deps);
  void app.register(async (scoped) => {
    // The signature is over the exact bytes Stripe sent: the body stays a Buffer here.
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    apiRoute(
      scoped,
      {
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        tag: 'Webhooks',
        summary: "Stripe's events",
        description: "For Stripe alone (the address shown in 'Pagos'): the event as Stripe sent it, proved by its `Stripe-Signature` header.",
        responses: { 200: { description: 'Received.' } },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest();
        await receiveProviderEvent(service, context, request.body, request.headers['stripe-signature'] as string | undefined);
        return { received: true };
      },
    );
  });
}
