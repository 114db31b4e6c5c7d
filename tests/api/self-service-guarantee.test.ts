import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { selfServiceViewSchema } from '@shared/schemas/self-service.ts';
import { cardGuarantees } from '../../src/server/db/schema.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { releaseSettledCards } from '../../src/server/modules/payments/card-release.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { saveCardFor, useCardGuaranteeSuite } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 45, items 2 and 5: the guest's private page carries the saved card and its rule, judged by the server's clock;
// a cancellation in time lets the card go at once, a late one is still the guest's to make.
// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const clock = new ManualClock(NOW);
const { app, db, fake } = useCardGuaranteeSuite({ clock, settings: { guestCancelLimitHours: 2 } });
beforeEach(() => clock.set(NOW));

/** A confirmed booking of 8 (Saturday 28 November at 21:00 unless told) and its private link's token. */
async function booking(values: Parameters<typeof insertReservation>[1] = {}) {
  const row = await insertReservation(db(), { numberOfPeople: 8, reservationDate: '2026-11-28', reservationTime: '21:00', status: 'confirmed', ...values });
  return { row, token: await issueSelfServiceToken(db(), row.id, clock.now()) };
}

async function view(token: string) {
  const answer = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}`, remoteAddress: freshAddress() });
  expect(answer.statusCode).toBe(200);
  return selfServiceViewSchema.parse(answer.json());
}
const cancel = (token: string) => app().request({ method: 'POST', url: `/api/public/guest-reservations/${token}/cancel`, remoteAddress: freshAddress() });
const cardRow = async (id: string) => (await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, id)))[0]!;

describe('the private page of a booking with a saved card', () => {
  it('shows the card, the party’s fee and the free-cancellation limit; cancelling in time releases the card at once', async () => {
    const { row, token } = await booking();
    const card = await saveCardFor(db(), fake(), row.id, { amountPerPersonCents: 2000, freeCancellationHours: 24 });

    expect((await view(token)).guarantee).toEqual({
      cardLabel: 'Visa ···· 4242',
      amountPerPersonCents: 2000,
      freeCancellationHours: 24,
      feeCents: 16_000,
      // Friday 27 November at 21:00 in Madrid.
      freeCancellationEnds: '2026-11-27T20:00:00.000Z',
      cancelsFree: true,
    });

    const answer = await cancel(token);
    expect(answer.statusCode).toBe(200);
    const cancelled = selfServiceViewSchema.parse(answer.json());
    expect(cancelled.reservation.status).toBe('cancelled');
    expect(cancelled.guarantee).toBeNull();
    // Payments lets the card go on the change bus, without waiting for its minute job, and Stripe forgets it.
    await expect.poll(async () => (await cardRow(row.id)).releaseReason, { timeout: 10_000 }).toBe('cancelled_in_time');
    expect((await cardRow(row.id)).releasedAt).toEqual(new Date(NOW));
    await expect.poll(() => fake().store.paymentMethod(card.paymentMethodRef).customer, { timeout: 10_000 }).toBeNull();
  });

  it('judges the free window with the server’s clock: free up to the limit itself, not a minute after', async () => {
    const { row, token } = await booking({ reservationDate: '2026-11-25', reservationTime: '14:00', numberOfPeople: 3 });
    await saveCardFor(db(), fake(), row.id, { amountPerPersonCents: 1250, freeCancellationHours: 24 });

    clock.set('2026-11-24T13:00:00Z'); // 14:00 in Madrid: the limit.
    expect((await view(token)).guarantee).toMatchObject({ feeCents: 3750, freeCancellationEnds: '2026-11-24T13:00:00.000Z', cancelsFree: true });
    clock.set('2026-11-24T13:01:00Z');
    const late = await view(token);
    expect(late.guarantee).toMatchObject({ feeCents: 3750, cancelsFree: false });
    // The page's own cancellation limit is another rule: the guest may still cancel.
    expect(late.canCancel).toBe(true);
  });

  it('lets the guest cancel after the free window; the card stays saved for the fee the restaurant may charge', async () => {
    // Today at 21:00: free cancellation ended yesterday at 21:00; the page takes cancellations until 19:00.
    const { row, token } = await booking({ reservationDate: '2026-11-24', reservationTime: '21:00' });
    const card = await saveCardFor(db(), fake(), row.id);
    expect((await view(token)).guarantee).toMatchObject({ cancelsFree: false, feeCents: 16_000, freeCancellationEnds: '2026-11-23T20:00:00.000Z' });

    const answer = await cancel(token);
    expect(answer.statusCode).toBe(200);
    expect(selfServiceViewSchema.parse(answer.json()).reservation).toMatchObject({ status: 'cancelled', cancelledBy: 'guest' });
    await releaseSettledCards({ db: db(), clock, publicUrl: app().config.publicUrl }, paymentsContext(app().config));
    expect(await cardRow(row.id)).toMatchObject({ state: 'saved', releasedAt: null });
    expect(fake().store.paymentMethod(card.paymentMethodRef).customer).toBe(card.customerRef);
    // Nothing was charged: Mesa never charges a late cancellation by itself.
    expect([...fake().store.paymentIntents.values()].filter((intent) => intent.customer === card.customerRef)).toEqual([]);
  });

  it('shows no card once it is released, and a card without a label as such', async () => {
    const released = await booking();
    await saveCardFor(db(), fake(), released.row.id);
    await db()
      .update(cardGuarantees)
      .set({ state: 'released', releasedAt: new Date(NOW), releaseReason: 'cancelled_by_restaurant' })
      .where(eq(cardGuarantees.reservationId, released.row.id));
    expect((await view(released.token)).guarantee).toBeNull();

    const unlabelled = await booking();
    await saveCardFor(db(), fake(), unlabelled.row.id);
    await db().update(cardGuarantees).set({ cardLabel: null }).where(eq(cardGuarantees.reservationId, unlabelled.row.id));
    expect((await view(unlabelled.token)).guarantee).toMatchObject({ cardLabel: null, feeCents: 16_000 });
  });

  it('leaves a booking without a card as it was', async () => {
    const { token } = await booking({ reservationDate: '2026-11-25', reservationTime: '13:30', numberOfPeople: 4 });
    const page = await view(token);
    expect(page.guarantee).toBeNull();
    expect(page).toMatchObject({ canCancel: true, cancelDeadline: '2026-11-25T10:30:00.000Z', reservation: { status: 'confirmed', numberOfPeople: 4 } });
    const answer = await cancel(token);
    expect(answer.statusCode).toBe(200);
    expect(selfServiceViewSchema.parse(answer.json())).toMatchObject({ guarantee: null, reservation: { status: 'cancelled' } });
  });
});
