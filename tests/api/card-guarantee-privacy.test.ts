import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@shared/rules/madrid-time.ts';
import { cardGuarantees, guaranteeHolds, reservations } from '../../src/server/db/schema.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { releaseSettledCards } from '../../src/server/modules/payments/card-release.ts';
import { endOverdueHolds } from '../../src/server/modules/payments/jobs.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { freshAddress, openDayNextWeek } from '../support/bookings.ts';
import { payOnFakeCheckout, useCardGuaranteeSuite } from '../support/card-guarantees.ts';

// Issue 45 with decision 026: what the provider keeps about a guest goes when Mesa no longer needs it, and an
// erasure reaches the card guarantee's tables and the provider too.
const WEBHOOK_SECRET = 'whsec_card_guarantee_privacy';
// The fake checks Checkout's expiry against the real time, so this clock starts now.
const clock = new ManualClock(new Date());
const { app, db, fake } = useCardGuaranteeSuite({ clock, webhookSecret: WEBHOOK_SECRET, rules: { fromPeople: 6, amountPerPersonCents: 2000 } });
const deps = () => ({ db: db(), clock, publicUrl: app().config.publicUrl });
const day = openDayNextWeek();

beforeEach(() => clock.set(new Date()));

async function book(email: string, time: string, date = day) {
  const id = randomUUID();
  const payload = { id, customerName: 'Lucía Ortega', customerPhone: '+34 600 123 456', customerEmail: email, numberOfPeople: 8, reservationDate: date, reservationTime: time, specialRequirement: '', privacyConsent: true };
  const response = await app().request({ method: 'POST', url: '/api/public/reservations', payload, remoteAddress: freshAddress() });
  expect(response.statusCode, response.body).toBe(202);
  return { id, checkoutUrl: response.json<{ checkoutUrl: string }>().checkoutUrl };
}
const holdRow = async (id: string) => (await db().select().from(guaranteeHolds).where(eq(guaranteeHolds.id, id)))[0]!;

describe("the guest's data at the provider", () => {
  it('forgets the guest a page made a day after the hold ended without a card', async () => {
    const { id } = await book(`lapsed-${randomUUID().slice(0, 8)}@example.com`, '13:30');
    const { customerRef } = await holdRow(id);
    clock.advance(16 * 60_000);
    await endOverdueHolds(deps(), paymentsContext(app().config));
    expect(await holdRow(id)).toMatchObject({ status: 'expired', customerRef });
    expect(fake().store.customers.has(customerRef!)).toBe(true);

    clock.advance(25 * 3600_000);
    await endOverdueHolds(deps(), paymentsContext(app().config));
    expect(await holdRow(id)).toMatchObject({ status: 'expired', customerRef: null, request: null });
    expect(fake().store.customers.has(customerRef!)).toBe(false);
  });

  it('erasing a guest releases their card, forgets them at the provider and empties their waiting request', async () => {
    const email = `erased-${randomUUID().slice(0, 8)}@example.com`;
    const saved = await book(email, '14:00');
    await payOnFakeCheckout(saved.checkoutUrl);
    await fake().webhooksSettled();
    const [card] = await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, saved.id));
    expect(card).toMatchObject({ state: 'saved', cardLabel: 'Visa ···· 4242' });
    // Another day, still waiting for its card.
    const waiting = await book(email, '14:30', addDays(day, 7));

    const [{ guestId }] = (await db().select({ guestId: reservations.guestId }).from(reservations).where(eq(reservations.id, saved.id))) as [{ guestId: string }];
    const cookie = await app().signIn();
    const erased = await app().request({ method: 'POST', url: `/api/admin/guests/${guestId}/erasure`, payload: { confirm: true }, cookie });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ counts: { cards: 1 } });

    const [after] = await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, saved.id));
    expect(after).toMatchObject({ state: 'released', releaseReason: 'erased', cardLabel: null });
    expect(await holdRow(waiting.id)).toMatchObject({ status: 'cancelled', request: null });
    expect(JSON.stringify(await db().select().from(guaranteeHolds))).not.toContain(email);

    await releaseSettledCards(deps(), paymentsContext(app().config));
    expect(fake().store.customers.has(card!.customerRef)).toBe(false);
    expect(fake().store.paymentMethod(card!.paymentMethodRef).customer).toBeNull();
  });
});
