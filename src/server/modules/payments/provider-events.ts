// The provider's events (issue 45): the signature is checked with the provider's SDK on the raw body; an event id
// already applied changes nothing; what each event does is idempotent by the rows it touches, so a replayed, late
// or out-of-order event, or the same event on two instances, acts once.
import { eq } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { applyChargeEvent } from './charge-events.ts';
import { completeHold, endHold } from './completion.ts';
import { type PaymentsContext, paymentProvider } from './connection.ts';
import { findHoldByCheckout } from './hold-queries.ts';
import { InvalidSignatureError, type PaymentEvent, type PaymentProvider, ProviderUnavailableError } from './provider.ts';

export async function receiveProviderEvent(deps: ServiceDeps, context: PaymentsContext, body: Buffer, signature: string | undefined): Promise<void> {
  const provider = await paymentProvider(deps.db, context);
  if (!provider) throw badRequest('Webhook de pagos no configurado.');
  let event: PaymentEvent;
  try {
    event = provider.verifyEvent(body, signature);
  } catch (error) {
    if (error instanceof InvalidSignatureError) throw badRequest('Firma del webhook no válida.');
    throw error;
  }
  const [seen] = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
  if (seen) return;
  try {
    await applyEvent(deps, context, provider, event);
  } catch (error) {
    // The provider unreachable while applying: a 503, and Stripe sends the event again later.
    if (error instanceof ProviderUnavailableError) throw new AppError(503, 'payment_unavailable', error.message);
    throw error;
  }
  await deps.db.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
}

async function applyEvent(deps: ServiceDeps, context: PaymentsContext, provider: PaymentProvider, event: PaymentEvent): Promise<void> {
  switch (event.kind) {
    case 'setup_completed': {
      const state = await provider.setupState(event.checkoutRef);
      if (state.state === 'complete') await completeHold(deps, context, event.checkoutRef, state.card);
      return;
    }
    case 'setup_expired': {
      const hold = await findHoldByCheckout(deps.db, event.checkoutRef);
      if (hold) await endHold(deps, context, hold.id, 'expired', null);
      return;
    }
    case 'charge_succeeded':
    case 'charge_failed':
    case 'refunded':
      // The charge's change and the event's id commit together.
      await deps.db.transaction(async (tx) => {
        const [fresh] = await tx.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing().returning();
        if (fresh) await applyChargeEvent(tx, event, deps.clock.now());
      });
      return;
    default:
      return;
  }
}
