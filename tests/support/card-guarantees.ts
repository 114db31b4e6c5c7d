// Stripe connected in a test app (issue 45), the fake's Checkout page answered as a guest would, signed events, and
// a reservation with a card saved on the fake for the tests of what staff do with it (charge, refund, release).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Executor } from '../../src/server/db/client.ts';
import { cardGuarantees, guaranteeHolds, paymentSettings, reservations } from '../../src/server/db/schema.ts';
import type { Config } from '../../src/server/config.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import type { FakeStripe } from '../fakes/stripe/fake-stripe-server.ts';

/** Stripe connected in 'Pagos' with a test key the fake accepts, sealed as the app `config` opens it. */
export async function connectStripe(
  db: Executor,
  config: Pick<Config, 'secretsKey' | 'dataDir' | 'stripeApiUrl'>,
  { secretKey = 'sk_test_mesa', webhookSecret = 'whsec_mesa_test' } = {},
): Promise<void> {
  const box = paymentsContext(config).box;
  const keys = { secretKeyCiphertext: box.seal(secretKey), webhookSecretCiphertext: box.seal(webhookSecret) };
  await db
    .insert(paymentSettings)
    .values({ ...keys, livemode: false })
    .onConflictDoUpdate({ target: paymentSettings.id, set: keys });
}

/** Presses a button of the fake's Checkout page as the guest would; answers where Stripe sends the guest back. */
export async function payOnFakeCheckout(checkoutUrl: string, choice: 'pay' | 'pay_authentication_required' | 'cancel' = 'pay'): Promise<string> {
  const response = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ choice }), redirect: 'manual' });
  if (response.status !== 303) throw new Error(`the fake Checkout page answered ${response.status}`);
  return response.headers.get('location')!;
}

/** An event body and its signature header, made with the SDK's own test helper, as Stripe would send them. */
export function signedEvent(event: unknown, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret }) };
}

export interface SavedCardOptions {
  amountPerPersonCents?: number;
  freeCancellationHours?: number;
  /** 'authentication_required': a card whose bank asks the cardholder for every off-session charge. */
  card?: 'plain' | 'authentication_required';
}

/**
 * Saves a card for the reservation as the guest would: a customer and a setup Checkout Session completed on the
 * fake, then the rows the guest flow writes (the completed hold the session belongs to, and the card_guarantees row),
 * the hold first, so that the fake's webhook finds the page already completed. Answers the fake's references.
 */
export async function saveCardFor(
  db: Executor,
  fake: FakeStripe,
  reservationId: string,
  { amountPerPersonCents = 2000, freeCancellationHours = 24, card = 'plain' }: SavedCardOptions = {},
): Promise<{ customerRef: string; paymentMethodRef: string }> {
  const customer = fake.store.createCustomer({ email: 'ana@example.com', name: 'Ana Pérez', description: null, metadata: {} });
  const session = fake.store.createSetupSession({
    customer: customer.id,
    currency: 'eur',
    successUrl: null,
    cancelUrl: null,
    metadata: { reservation_id: reservationId },
    expiresAt: undefined,
    clientReferenceId: reservationId,
    baseUrl: fake.url,
  });
  const [booking] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!booking) throw new Error(`saveCardFor: no reservation ${reservationId}`);
  await db.insert(guaranteeHolds).values({
    id: randomUUID(),
    kind: 'reservation',
    status: 'completed',
    reservationId,
    reservationDate: booking.reservationDate,
    reservationTime: booking.reservationTime,
    numberOfPeople: booking.numberOfPeople,
    amountPerPersonCents,
    freeCancellationHours,
    customerRef: customer.id,
    checkoutRef: session.id,
    holdUntil: new Date(),
    endedAt: new Date(),
  });
  const completed = fake.store.completeSession(session.id, card);
  const paymentMethodRef = String(fake.store.setupIntent(String(completed.setup_intent)).payment_method);
  await db.insert(cardGuarantees).values({
    reservationId,
    provider: 'stripe',
    customerRef: customer.id,
    paymentMethodRef,
    cardLabel: 'Visa ···· 4242',
    amountPerPersonCents,
    freeCancellationHours,
    savedAt: new Date(),
  });
  return { customerRef: customer.id, paymentMethodRef };
}

/** The PaymentIntents the fake holds for a customer, oldest first. */
export const paymentIntentsOf = (fake: FakeStripe, customerRef: string) =>
  [...fake.store.paymentIntents.values()].filter((intent) => intent.customer === customerRef);
