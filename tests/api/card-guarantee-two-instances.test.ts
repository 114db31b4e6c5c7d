import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardGuarantees, guaranteeHolds, reservations } from '../../src/server/db/schema.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { payOnFakeCheckout, signedEvent, useCardGuaranteeServers } from '../support/card-guarantees.ts';

// Issue 45, item 3: Stripe's webhook and the guest's return arrive at once, on two server processes sharing one
// PostgreSQL database. The hold's row lock lets one of them book the request; the other finds it booked. PGlite is
// one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const WEBHOOK_SECRET = 'whsec_two_instances';
const ROUNDS = 4;
const day = openDayNextWeek();

describe.skipIf(!onPostgres)('a saved card confirmed by the webhook and the return at once, on two processes', () => {
  const { two, db, fake } = useCardGuaranteeServers('garantias', { webhookSecret: WEBHOOK_SECRET, rules: { fromPeople: 6 } });

  const publicRequest = (instance: 0 | 1, method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(`${two().servers[instance].url}${path}`, {
      method,
      headers: { origin: two().servers[instance].url, 'x-forwarded-for': two().freshIp(), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
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
      const completed = fake().events().find((event) => event.type === 'checkout.session.completed' && (event.data.object as Stripe.Checkout.Session).id === sessionId)!;
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
