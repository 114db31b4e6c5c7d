import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminReservation } from '../../src/shared/schemas/staff-reservation.ts';
import type { ReservationChange } from '../../src/shared/schemas/reservation-history.ts';
import { cardGuarantees, paymentCharges, reservationChanges, reservations } from '../../src/server/db/schema.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { releaseSettledCards } from '../../src/server/modules/payments/card-release.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { paymentIntentsOf, saveCardFor, useCardGuaranteeSuite } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';

// Issue 45, item 4: a guest who cancels after the card's free-cancellation limit owes the fee as a no-show does, and
// staff can charge it; a cancellation in time, or one the restaurant made, cannot be charged.
// Saturday 28 November 2026, 13:00 in Madrid; the bookings are tonight at 21:00, free to cancel until Friday 21:00.
const clock = new ManualClock('2026-11-28T12:00:00Z');
const suite = useCardGuaranteeSuite({ clock });
const { db } = suite;
const app = () => suite.app();
const fake = () => suite.fake();

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie: suite.owner(), ...(payload ? { payload } : {}) });
const charge = (id: string, people: number) => api('POST', `/reservations/${id}/no-show-charge`, { people });
const todayRow = async (id: string) => ((await api('GET', '/reservations/today')).json() as AdminReservation[]).find((row) => row.id === id);
const cardOf = async (id: string) => (await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, id)))[0]!;

/** A party of 4 tonight with a card saved at 20 € a person, cancelled by `by` at `at`. */
async function cancelledWithCard(by: 'guest' | 'staff', at: string) {
  const row = await insertReservation(db(), { numberOfPeople: 4, reservationDate: '2026-11-28', reservationTime: '21:00', status: 'confirmed' });
  const card = await saveCardFor(db(), fake(), row.id);
  await db().update(reservations).set({ status: 'cancelled', cancelledBy: by }).where(eq(reservations.id, row.id));
  await db()
    .insert(reservationChanges)
    .values({ reservationId: row.id, at: new Date(at), actor: by, action: 'status', changes: { status: ['confirmed', 'cancelled'] } });
  return { row, ...card };
}

const notChargeable = {
  error: { code: 'not_no_show', message: 'Solo se puede cobrar a una reserva marcada como «No vino» o cancelada por el cliente fuera de plazo.' },
};

describe('charging a late cancellation', () => {
  it('charges a guest who cancelled after the limit: Stripe, the change log, the card released', async () => {
    const { row, customerRef } = await cancelledWithCard('guest', '2026-11-27T20:01:00Z');
    await releaseSettledCards({ db: db(), clock, publicUrl: app().config.publicUrl }, paymentsContext(app().config));
    expect((await todayRow(row.id))?.guarantee).toMatchObject({ state: 'saved', chargeable: 'late_cancellation', charge: null });

    const response = await charge(row.id, 4);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeeded', amountCents: 8000, people: 4 });
    const intents = paymentIntentsOf(fake(), customerRef);
    expect(intents.map((intent) => [intent.amount, intent.status, intent.description])).toEqual([
      [8000, 'succeeded', 'Cancelación tardía del 28/11/2026 a las 21:00: 4 de 4 personas'],
    ]);

    const changes = (await api('GET', `/reservations/${row.id}/changes`)).json() as ReservationChange[];
    expect(changes.at(-1)).toMatchObject({ action: 'edited', changes: { noShowCharge: [null, '80,00\u00a0€ (4 de 4 personas)'] } });
    expect(await cardOf(row.id)).toMatchObject({ state: 'released', releaseReason: 'charged' });
    expect((await todayRow(row.id))?.guarantee).toMatchObject({ state: 'released', chargeable: null, charge: { status: 'succeeded' } });

    const again = await charge(row.id, 4);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'already_charged', message: 'Esta reserva ya se ha cobrado.' } });
  });

  it('refuses a guest’s cancellation in time, whose card is let go anyway', async () => {
    const { row } = await cancelledWithCard('guest', '2026-11-27T19:59:00Z');
    expect((await todayRow(row.id))?.guarantee).toMatchObject({ chargeable: null });
    const refused = await charge(row.id, 4);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject(notChargeable);

    await releaseSettledCards({ db: db(), clock, publicUrl: app().config.publicUrl }, paymentsContext(app().config));
    expect(await cardOf(row.id)).toMatchObject({ state: 'released', releaseReason: 'cancelled_in_time' });
    expect(await db().select().from(paymentCharges).where(eq(paymentCharges.reservationId, row.id))).toEqual([]);
  });

  it('refuses a cancellation the restaurant made, however late', async () => {
    const { row, customerRef } = await cancelledWithCard('staff', '2026-11-28T11:00:00Z');
    expect((await todayRow(row.id))?.guarantee).toMatchObject({ chargeable: null });
    const refused = await charge(row.id, 4);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject(notChargeable);
    expect(paymentIntentsOf(fake(), customerRef)).toEqual([]);
  });
});
