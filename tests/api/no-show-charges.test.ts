import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { madridToday } from '../../src/shared/rules/madrid-time.ts';
import type { AdminReservation } from '../../src/shared/schemas/staff-reservation.ts';
import type { ReservationChange } from '../../src/shared/schemas/reservation-history.ts';
import { cardGuarantees, paymentCharges, reservations } from '../../src/server/db/schema.ts';
import { applyChargeEvent } from '../../src/server/modules/payments/service.ts';
import { paymentIntentsOf, saveCardFor, useCardGuaranteeSuite } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';

// Issue 45, item 4: staff charge a no-show to the card in guarantee, once, and refund it. The fake Stripe sits behind
// a TCP relay, so a test can make it unreachable, or lose its answer after it charged.
const { app, db, fake, proxy, owner } = useCardGuaranteeSuite({ proxy: true });

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = owner()) =>
  app().request({ method, url: `/api/admin${url}`, cookie, ...(payload ? { payload } : {}) });
const charge = (id: string, people: number, cookie = owner()) => api('POST', `/reservations/${id}/no-show-charge`, { people }, cookie);

/** A party of `party` today, marked 'No vino', with a card saved at 20 € a person. */
async function noShowWithCard(party = 8, options: Parameters<typeof saveCardFor>[3] = {}) {
  const row = await insertReservation(db(), {
    numberOfPeople: party,
    status: 'confirmed',
    arrivalStatus: 'no_show',
    reservationDate: madridToday(new Date()),
    reservationTime: '21:00',
  });
  const card = await saveCardFor(db(), fake(), row.id, options);
  return { row, ...card };
}

const chargesOf = (reservationId: string) => db().select().from(paymentCharges).where(eq(paymentCharges.reservationId, reservationId));
const cardOf = async (reservationId: string) => (await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, reservationId)))[0];
const todayRow = async (id: string) => ((await api('GET', '/reservations/today')).json() as AdminReservation[]).find((row) => row.id === id);

describe("'Cobrar no-show'", () => {
  it('charges 3 of 8 people: 60 € at Stripe, a line in the change log, the card released and shown on the list', async () => {
    const { row, customerRef } = await noShowWithCard();
    expect((await todayRow(row.id))?.guarantee).toEqual({
      state: 'saved',
      cardLabel: 'Visa ···· 4242',
      amountPerPersonCents: 2000,
      freeCancellationHours: 24,
      chargeable: 'no_show',
      charge: null,
    });

    const response = await charge(row.id, 3);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeeded', amountCents: 6000, people: 3, refundedCents: 0, failureReason: null });

    const intents = paymentIntentsOf(fake(), customerRef);
    expect(intents.map((intent) => [intent.amount, intent.currency, intent.status])).toEqual([[6000, 'eur', 'succeeded']]);
    expect(intents[0]?.metadata).toMatchObject({ reservation_id: row.id, charge_id: response.json<{ id: string }>().id });

    const changes = (await api('GET', `/reservations/${row.id}/changes`)).json() as ReservationChange[];
    expect(changes.at(-1)).toMatchObject({ action: 'edited', changes: { noShowCharge: [null, '60,00\u00a0€ (3 de 8 personas)'] } });

    const card = await cardOf(row.id);
    expect(card).toMatchObject({ state: 'released', releaseReason: 'charged' });
    expect(card?.detachedAt).not.toBeNull();
    expect(fake().store.paymentMethod(card!.paymentMethodRef).customer).toBeNull();

    expect((await todayRow(row.id))?.guarantee).toMatchObject({
      state: 'released',
      charge: { status: 'succeeded', amountCents: 6000, people: 3, refundedCents: 0 },
    });
  });

  it("refuses a booking that is not 'No vino', one without a card, and more people than the party", async () => {
    const arrived = await insertReservation(db(), { numberOfPeople: 4, status: 'confirmed', arrivalStatus: 'arrived' });
    await saveCardFor(db(), fake(), arrived.id);
    const notNoShow = await charge(arrived.id, 2);
    expect(notNoShow.statusCode).toBe(409);
    expect(notNoShow.json()).toMatchObject({ error: { code: 'not_no_show', message: 'Solo se puede cobrar a una reserva marcada como «No vino» o cancelada por el cliente fuera de plazo.' } });

    const withoutCard = await insertReservation(db(), { numberOfPeople: 4, status: 'confirmed', arrivalStatus: 'no_show' });
    expect((await charge(withoutCard.id, 2)).json()).toMatchObject({ error: { code: 'no_card' } });

    const { row } = await noShowWithCard(4);
    const tooMany = await charge(row.id, 5);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: { fields: { people: 'Elige entre 1 y 4 personas.' } } });
    expect((await charge(row.id, 0)).statusCode).toBe(400);
    expect(await chargesOf(row.id)).toEqual([]);
  });

  it('charges once: a second press, or two at once, answer 409 and Stripe saw one PaymentIntent', async () => {
    const { row, customerRef } = await noShowWithCard(6);
    const [first, second] = await Promise.all([charge(row.id, 6), charge(row.id, 6)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toMatchObject({ error: { code: 'already_charged', message: 'Esta reserva ya se ha cobrado.' } });
    const again = await charge(row.id, 2);
    expect(again.statusCode).toBe(409);
    expect(paymentIntentsOf(fake(), customerRef)).toHaveLength(1);
    expect(await chargesOf(row.id)).toHaveLength(1);
  });

  it("a declined card answers 422 with the bank's reason and leaves the booking as it was", async () => {
    const { row, paymentMethodRef } = await noShowWithCard(8);
    const before = (await db().select().from(reservations).where(eq(reservations.id, row.id)))[0];
    fake().failNextCharge('card_declined', paymentMethodRef);
    const response = await charge(row.id, 8);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'charge_failed', message: 'El banco ha rechazado el cargo.' } });
    const after = (await db().select().from(reservations).where(eq(reservations.id, row.id)))[0];
    expect(after).toEqual(before);
    expect((await cardOf(row.id))?.state).toBe('saved');
    expect((await todayRow(row.id))?.guarantee?.charge).toMatchObject({ status: 'failed', failureReason: 'El banco ha rechazado el cargo.' });
  });

  it("a card whose bank asks the guest leaves the charge 'requires_authorization' and the card saved", async () => {
    const { row } = await noShowWithCard(2, { card: 'authentication_required' });
    const response = await charge(row.id, 2);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'requires_authorization', amountCents: 4000 });
    expect((await cardOf(row.id))?.state).toBe('saved');
    const changes = (await api('GET', `/reservations/${row.id}/changes`)).json() as ReservationChange[];
    expect(changes.at(-1)?.changes).toEqual({ noShowCharge: [null, 'Pendiente de autorización: 40,00\u00a0€ (2 de 2 personas)'] });
    expect((await charge(row.id, 2)).statusCode).toBe(409);
  });

  it('Stripe unreachable: 503 with the reason, the charge kept processing; a later press charges once', async () => {
    const { row, customerRef } = await noShowWithCard(8);
    await proxy().cut();
    const down = await charge(row.id, 3);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: { message: 'No se ha podido conectar con Stripe. Inténtalo de nuevo en unos minutos.' } });
    expect(await chargesOf(row.id)).toMatchObject([{ status: 'processing', amountCents: 6000 }]);
    expect(paymentIntentsOf(fake(), customerRef)).toHaveLength(0);
    await proxy().restore();

    const retried = await charge(row.id, 3);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'succeeded', amountCents: 6000 });
    expect(paymentIntentsOf(fake(), customerRef)).toHaveLength(1);
  });

  it("an answer lost after Stripe charged: the retry uses the same idempotency key and Stripe charges once", async () => {
    const { row, customerRef } = await noShowWithCard(8);
    proxy().silence({ after: ['charge_id'] });
    const pending = charge(row.id, 4);
    await waitUntil(() => paymentIntentsOf(fake(), customerRef).length === 1);
    await proxy().cut();
    const lost = await pending;
    expect(lost.statusCode).toBe(503);
    expect(await chargesOf(row.id)).toMatchObject([{ status: 'processing' }]);
    await proxy().restore();

    const retried = await charge(row.id, 4);
    expect(retried.json()).toMatchObject({ status: 'succeeded', amountCents: 8000 });
    expect(paymentIntentsOf(fake(), customerRef)).toHaveLength(1);
  });

  it('is refused to the floor staff and to an unknown booking', async () => {
    const { row } = await noShowWithCard(2);
    const floor = await app().signIn({ roles: ['floor'] });
    expect((await charge(row.id, 2, floor)).statusCode).toBe(403);
    const manager = await app().signIn({ roles: ['manager'] });
    expect((await charge(row.id, 2, manager)).statusCode).toBe(200);
    const refund = await api('POST', `/payment-charges/${(await chargesOf(row.id))[0]!.id}/refund`, undefined, floor);
    expect(refund.statusCode).toBe(403);
    expect((await charge('00000000-0000-4000-8000-000000000000', 2)).statusCode).toBe(404);
  });
});

describe("'Reembolsar'", () => {
  it('refunds what was charged once, at Stripe and in the change log', async () => {
    const { row } = await noShowWithCard(8);
    const charged = (await charge(row.id, 3)).json<{ id: string }>();
    const [first, second] = await Promise.all([
      api('POST', `/payment-charges/${charged.id}/refund`),
      api('POST', `/payment-charges/${charged.id}/refund`),
    ]);
    expect(first.statusCode).toBe(200);
    expect([200, 409]).toContain(second.statusCode);
    expect(first.json()).toMatchObject({ status: 'succeeded', refundedCents: 6000 });
    const refunds = [...fake().store.refunds.values()].filter((refund) => refund.metadata?.refund_id?.startsWith(charged.id));
    expect(refunds.map((refund) => refund.amount)).toEqual([6000]);
    const [stored] = await chargesOf(row.id);
    expect(stored).toMatchObject({ refundedCents: 6000, refundRef: refunds[0]?.id });
    expect(stored?.refundedAt).not.toBeNull();
    const changes = (await api('GET', `/reservations/${row.id}/changes`)).json() as ReservationChange[];
    expect(changes.filter((change) => 'noShowRefund' in change.changes).map((change) => change.changes)).toEqual([{ noShowRefund: [null, '60,00\u00a0€'] }]);
    const third = await api('POST', `/payment-charges/${charged.id}/refund`);
    expect(third.json()).toMatchObject({ error: { code: 'already_refunded', message: 'Este cobro ya se ha reembolsado.' } });
  });

  it('refuses a charge that did not go through', async () => {
    const { row } = await noShowWithCard(2, { card: 'authentication_required' });
    const pending = (await charge(row.id, 2)).json<{ id: string }>();
    const refused = await api('POST', `/payment-charges/${pending.id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'not_refundable' } });
  });
});

describe('the provider\'s events (applyChargeEvent, for the webhook)', () => {
  const apply = (event: Parameters<typeof applyChargeEvent>[1]) => db().transaction((tx) => applyChargeEvent(tx, event, new Date()));

  it('a charge the guest authorized becomes succeeded once; its card is released', async () => {
    const { row } = await noShowWithCard(2, { card: 'authentication_required' });
    await charge(row.id, 2);
    const [pending] = await chargesOf(row.id);
    const event = { id: 'evt_1', type: 'payment_intent.succeeded', kind: 'charge_succeeded', chargeRef: pending!.providerRef!, chargeId: null } as const;
    // The decline that asked for authentication arrives as payment_failed too: the charge stays pending.
    const failed = { id: 'evt_0', type: 'payment_intent.payment_failed', kind: 'charge_failed', chargeRef: pending!.providerRef!, reason: 'x' } as const;
    expect(await apply(failed)).toBe(false);
    expect(await apply(event)).toBe(true);
    expect(await apply(event)).toBe(false);
    expect(await chargesOf(row.id)).toMatchObject([{ status: 'succeeded', failureReason: null }]);
    expect(await cardOf(row.id)).toMatchObject({ state: 'released', releaseReason: 'charged' });
    const changes = (await api('GET', `/reservations/${row.id}/changes`)).json() as ReservationChange[];
    expect(changes.at(-1)).toMatchObject({ actor: 'guest', changes: { noShowCharge: [null, '40,00\u00a0€ (2 de 2 personas)'] } });
  });

  it('a refund from the dashboard raises the refunded amount, never lowers it, and an unknown charge changes nothing', async () => {
    const { row } = await noShowWithCard(4);
    await charge(row.id, 4);
    const [charged] = await chargesOf(row.id);
    const refunded = (cents: number) => ({ id: `evt_${cents}`, type: 'charge.refunded', kind: 'refunded', chargeRef: charged!.providerRef!, refundedCents: cents }) as const;
    expect(await apply(refunded(3000))).toBe(true);
    expect(await apply(refunded(1000))).toBe(false);
    expect(await chargesOf(row.id)).toMatchObject([{ refundedCents: 3000 }]);
    expect(await apply({ ...refunded(500), chargeRef: 'pi_unknown' })).toBe(false);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
