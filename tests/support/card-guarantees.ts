// Stripe connected in a test app (issue 45), the fake's Checkout page answered as a guest would, signed events, a
// reservation with a card saved on the fake for the tests of what staff do with it (charge, refund, release), and the
// set-up the card guarantee's API suites share.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { type CardGuaranteeRules, DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import type { Executor } from '../../src/server/db/client.ts';
import { cardGuarantees, guaranteeHolds, paymentSettings, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import type { Config } from '../../src/server/config.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import type { Clock } from '../../src/server/platform/clock.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { startTwoServers, type TwoServers } from './two-servers.ts';

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

/** A public request for a party of 8 on `day` at 13:30, the size the suites' rules ask a card for; its own guest email. */
export const partyOfEightRequest = (day: string, overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  customerName: 'Lucía Ortega',
  customerPhone: '+34 600 123 456',
  customerEmail: `guest-${randomUUID().slice(0, 8)}@example.com`,
  numberOfPeople: 8,
  reservationDate: day,
  reservationTime: '13:30',
  specialRequirement: '',
  privacyConsent: true,
  ...overrides,
});

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

const WEBHOOK_URL_PATH = '/api/public/payments/stripe/webhook';

/** The restaurant a card-guarantee suite runs against. */
interface RestaurantOptions {
  /** Turns the card guarantee on, with these rules over the defaults; without them it stays off. */
  rules?: Partial<CardGuaranteeRules>;
  /** Other restaurant_config columns (covers, auto-confirmation, the guest's cancellation limit…). */
  settings?: Partial<typeof restaurantConfig.$inferInsert>;
}

export interface CardGuaranteeSuiteOptions extends RestaurantOptions {
  clock?: Clock;
  /** Points the fake's webhook at the app, which then listens, and connects Stripe with this signing secret. */
  webhookSecret?: string;
  /** Delivers the app's emails to a real SMTP server (`peer()`), the outbox polled every 50 ms. */
  smtp?: boolean;
  /** Reaches the fake through a TCP relay the test can cut or silence (`proxy()`). */
  proxy?: boolean;
}

export interface CardGuaranteeSuite {
  app(): TestApp;
  db(): TestApp['instance']['database']['db'];
  fake(): FakeStripe;
  peer(): SmtpPeer;
  proxy(): TcpProxy;
  /** The owner's Cookie header. */
  owner(): string;
}

async function setUpRestaurant(db: Executor, { rules, settings = {} }: RestaurantOptions): Promise<void> {
  const cardGuarantee = rules ? { cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, ...rules } } : {};
  if (rules || Object.keys(settings).length > 0) {
    await db.update(restaurantConfig).set({ ...settings, ...cardGuarantee }).where(eq(restaurantConfig.id, 1));
  }
}

const started = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`useCardGuaranteeSuite: ${what} is not started (or was not asked for)`);
  return value;
};

/**
 * The set-up of a card-guarantee API test file: the fake Stripe, one app on a fresh test database with Stripe
 * connected in 'Pagos', the restaurant's rules, the owner signed in; all of it closed after the file.
 */
export function useCardGuaranteeSuite(options: CardGuaranteeSuiteOptions = {}): CardGuaranteeSuite {
  let fake: FakeStripe | undefined;
  let peer: SmtpPeer | undefined;
  let proxy: TcpProxy | undefined;
  let app: TestApp | undefined;
  let owner = '';
  beforeAll(async () => {
    fake = await startFakeStripe();
    if (options.proxy) proxy = await startTcpProxy(fake.port);
    if (options.smtp) peer = await startSmtpPeer();
    const listen = options.webhookSecret !== undefined;
    app = await createTestApp({
      clock: options.clock,
      listen,
      env: { STRIPE_API_URL: proxy ? `http://127.0.0.1:${proxy.port}` : fake.url },
      ...(peer ? { transport: smtpTransport(peer.url), outboxPollMs: 50 } : {}),
    });
    if (listen) fake.setWebhook(`${app.instance.url}${WEBHOOK_URL_PATH}`, options.webhookSecret!);
    const db = app.instance.database.db;
    await connectStripe(db, app.config, { webhookSecret: options.webhookSecret });
    await setUpRestaurant(db, options);
    owner = await app.signIn();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await peer?.close();
    await fake?.close();
  });
  return {
    app: () => started(app, 'the app'),
    db: () => started(app, 'the app').instance.database.db,
    fake: () => started(fake, 'the fake Stripe'),
    peer: () => started(peer, 'the SMTP server'),
    proxy: () => started(proxy, 'the TCP relay'),
    owner: () => owner,
  };
}

export interface CardGuaranteeServers {
  two(): TwoServers;
  db(): TwoServers['database']['handle']['db'];
  fake(): FakeStripe;
}

/**
 * The same on two real server processes sharing one PostgreSQL database (`name` names its owner and data folder), for
 * the races between them; the fake's webhook is left unset, so a test sends each event to the process it picks.
 */
export function useCardGuaranteeServers(name: string, options: RestaurantOptions & { webhookSecret?: string } = {}): CardGuaranteeServers {
  const secretsKey = `${name}-two-instances-secrets-key-0123456789abcdef`;
  let fake: FakeStripe | undefined;
  let two: TwoServers | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    two = await startTwoServers(name, { STRIPE_API_URL: fake.url, SECRETS_KEY: secretsKey });
    const db = two.database.handle.db;
    await connectStripe(db, { secretsKey, dataDir: '/nonexistent', stripeApiUrl: undefined }, { webhookSecret: options.webhookSecret });
    await setUpRestaurant(db, options);
  }, 180_000);
  afterAll(async () => {
    await two?.stop();
    await fake?.close();
  }, 60_000);
  return {
    two: () => started(two, 'the two servers'),
    db: () => started(two, 'the two servers').database.handle.db,
    fake: () => started(fake, 'the fake Stripe'),
  };
}
