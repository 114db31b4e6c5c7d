import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';
import { DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { cardGuarantees, guaranteeHolds, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { connectStripe, payOnFakeCheckout, signedEvent } from '../support/card-guarantees.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';

// Issue 45, item 3: Stripe's webhook and the guest's return arrive at once, on two server processes sharing one
// PostgreSQL database. The hold's row lock lets one of them book the request; the other finds it booked. PGlite is
// one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECRETS_KEY = 'holds-two-instances-secrets-key-0123456789ab';
const WEBHOOK_SECRET = 'whsec_two_instances';
const ROUNDS = 4;
const day = (() => {
  const date = addDays(madridToday(new Date()), 6);
  return dayOfWeek(date) === 1 ? addDays(date, 1) : date;
})();

describe.skipIf(!onPostgres)('a saved card confirmed by the webhook and the return at once, on two processes', () => {
  let fake: FakeStripe;
  let two: TwoServers;
  const db = () => two.database.handle.db;

  beforeAll(async () => {
    fake = await startFakeStripe();
    two = await startTwoServers('garantias', { STRIPE_API_URL: fake.url, SECRETS_KEY });
    await connectStripe(db(), { secretsKey: SECRETS_KEY, dataDir: '/nonexistent', stripeApiUrl: undefined }, { webhookSecret: WEBHOOK_SECRET });
    await db()
      .update(restaurantConfig)
      .set({ cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6 } })
      .where(eq(restaurantConfig.id, 1));
  }, 180_000);
  afterAll(async () => {
    await two?.stop();
    await fake?.close();
  }, 60_000);

  const publicRequest = (instance: 0 | 1, method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(`${two.servers[instance].url}${path}`, {
      method,
      headers: { origin: two.servers[instance].url, 'x-forwarded-for': two.freshIp(), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body } : {}),
    });

  it('books the request once and keeps one card', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = randomUUID();
      const request = { id, customerName: 'Lucía Ortega', customerPhone: '+34 600 123 456', customerEmail: `two-${id.slice(0, 8)}@example.com`, numberOfPeople: 8, reservationDate: day, reservationTime: '13:30', specialRequirement: '', privacyConsent: true };
      const held = await publicRequest(0, 'POST', '/api/public/reservations', JSON.stringify(request));
      expect(held.status).toBe(202);
      const { checkoutUrl } = (await held.json()) as { checkoutUrl: string };
      const sessionId = new URL(await payOnFakeCheckout(checkoutUrl)).searchParams.get('session_id')!;
      const completed = fake.events().find((event) => event.type === 'checkout.session.completed' && (event.data.object as Stripe.Checkout.Session).id === sessionId)!;
      const { payload, signature } = signedEvent(completed, WEBHOOK_SECRET);

      const [webhook, returned] = await Promise.all([
        publicRequest(1, 'POST', '/api/public/payments/stripe/webhook', payload, { 'stripe-signature': signature }),
        publicRequest(0, 'GET', `/api/public/card-guarantees/${id}?session_id=${sessionId}`),
      ]);
      expect(webhook.status).toBe(200);
      expect(returned.status).toBe(200);
      expect(await returned.json()).toMatchObject({ state: 'booked', reservationStatus: 'pending' });

      expect(await db().select({ id: reservations.id }).from(reservations).where(eq(reservations.id, id))).toHaveLength(1);
      expect((await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, id))).map((card) => card.state)).toEqual(['saved']);
      expect((await db().select().from(guaranteeHolds).where(eq(guaranteeHolds.id, id)))[0]).toMatchObject({ status: 'completed', reservationId: id });
    }
  });
});
