import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardGuarantees, reservationChanges, reservations } from '../../src/server/db/schema.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { releaseSettledCards } from '../../src/server/modules/payments/card-release.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { connectStripe, saveCardFor } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';

// Issue 45, item 4: a saved card is let go when its booking no longer needs it, and the provider forgets it.
// Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const fake = usePeer(() => startFakeStripe());
const { app, db } = useApiSuite(() => ({ owner: false, clock, env: { STRIPE_API_URL: fake().url } }));
const deps = () => ({ db: db(), clock, publicUrl: app().config.publicUrl });

beforeAll(async () => {
  await connectStripe(db(), app().config);
});

/** A booking of 8 on Saturday 28 November at 21:00 with a card saved (free cancellation until 24 h before). */
async function guaranteed(values: Parameters<typeof insertReservation>[1] = {}) {
  const booking = await insertReservation(db(), { numberOfPeople: 8, reservationDate: '2026-11-28', reservationTime: '21:00', status: 'confirmed', ...values });
  const card = await saveCardFor(db(), fake(), booking.id);
  return { booking, card };
}

const cardRow = async (id: string) => (await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, id)))[0]!;
const release = () => releaseSettledCards(deps(), paymentsContext(app().config));

async function guestCancelledAt(reservationId: string, at: string) {
  await db().update(reservations).set({ status: 'cancelled', cancelledBy: 'guest' }).where(eq(reservations.id, reservationId));
  await db().insert(reservationChanges).values({ reservationId, at: new Date(at), actor: 'guest', action: 'status', changes: { status: ['confirmed', 'cancelled'] } });
}

describe('releasing saved cards', () => {
  it('lets go of the card of a completed visit, of a booking the restaurant cancelled, and of a guest’s cancellation in time', async () => {
    const completed = await guaranteed({ status: 'completed' });
    const byRestaurant = await guaranteed({ status: 'cancelled', cancelledBy: 'staff' });
    const inTime = await guaranteed();
    await guestCancelledAt(inTime.booking.id, '2026-11-27T19:59:00Z');
    const kept = await guaranteed();

    expect(await release()).toBe(3);
    expect(await cardRow(completed.booking.id)).toMatchObject({ state: 'released', releaseReason: 'completed' });
    expect(await cardRow(byRestaurant.booking.id)).toMatchObject({ state: 'released', releaseReason: 'cancelled_by_restaurant' });
    expect(await cardRow(inTime.booking.id)).toMatchObject({ state: 'released', releaseReason: 'cancelled_in_time' });
    expect(await cardRow(kept.booking.id)).toMatchObject({ state: 'saved', releasedAt: null });
    // The provider forgot the released cards, and only those.
    for (const { booking, card } of [completed, byRestaurant, inTime]) {
      expect(fake().store.paymentMethod(card.paymentMethodRef).customer).toBeNull();
      expect(fake().store.customers.has(card.customerRef)).toBe(false);
      expect((await cardRow(booking.id)).detachedAt).not.toBeNull();
    }
    expect(fake().store.paymentMethod(kept.card.paymentMethodRef).customer).toBe(kept.card.customerRef);
    expect(fake().store.customers.has(kept.card.customerRef)).toBe(true);
  });

  it('keeps the card of a guest who cancelled too late, for the fee, until a week after the date', async () => {
    const late = await guaranteed();
    await guestCancelledAt(late.booking.id, '2026-11-27T20:01:00Z');
    await release();
    expect(await cardRow(late.booking.id)).toMatchObject({ state: 'saved' });

    clock.set('2026-12-06T10:00:00Z');
    await release();
    expect(await cardRow(late.booking.id)).toMatchObject({ state: 'released', releaseReason: 'kept_past_date' });
    clock.set('2026-11-24T10:00:00Z');
  });

  it('keeps the card of any guest cancellation when the rule allows no free hours', async () => {
    const booking = await insertReservation(db(), { numberOfPeople: 8, reservationDate: '2026-11-28', reservationTime: '21:00', status: 'confirmed' });
    await saveCardFor(db(), fake(), booking.id, { freeCancellationHours: 0 });
    await guestCancelledAt(booking.id, '2026-11-24T10:00:00Z');
    await release();
    expect(await cardRow(booking.id)).toMatchObject({ state: 'saved' });
  });

  it('lets go at once when staff complete the visit, through the change bus', async () => {
    const { booking, card } = await guaranteed({ reservationDate: '2026-11-24', reservationTime: '13:00' });
    const cookie = await app().signIn();
    const answer = await app().request({ method: 'PATCH', url: `/api/admin/reservations/${booking.id}/status`, payload: { status: 'completed' }, cookie });
    expect(answer.statusCode).toBe(200);
    await expect.poll(async () => (await cardRow(booking.id)).releaseReason, { timeout: 10_000 }).toBe('completed');
    await expect.poll(() => fake().store.paymentMethod(card.paymentMethodRef).customer, { timeout: 10_000 }).toBeNull();
  });
});
