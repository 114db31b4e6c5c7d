import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardGuarantees, guaranteeHolds, reservations } from '../../src/server/db/schema.ts';
import { releaseSettledCards } from '../../src/server/modules/payments/card-release.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { saveCardFor, useCardGuaranteeSuite } from '../support/card-guarantees.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 45, item 4: a guest's change request keeps the card saved for the booking it replaces (decision 041).
// Tuesday 24 November 2026, 11:00 in Madrid; the bookings are on Wednesday 25.
const clock = new ManualClock('2026-11-24T10:00:00Z');
// Every party of 6 or more is asked for a card, at 30 € a person.
const { app, db, fake, owner } = useCardGuaranteeSuite({
  clock,
  rules: { fromPeople: 6, amountPerPersonCents: 3000 },
  settings: { autoConfirmationEnabled: false },
});

/** A confirmed booking of 6 with a card saved at 20 € a person, free cancellation until 24 h before; its link's token. */
async function guaranteed() {
  const booking = await insertReservation(db(), {
    customerName: 'Ana Pérez',
    customerPhone: '+34 600 111 222',
    customerEmail: uniqueEmail(),
    numberOfPeople: 6,
    reservationDate: '2026-11-25',
    reservationTime: '13:30',
    status: 'confirmed',
  });
  const card = await saveCardFor(db(), fake(), booking.id, { amountPerPersonCents: 2000, freeCancellationHours: 24 });
  return { booking, card, token: await issueSelfServiceToken(db(), booking.id, clock.now()) };
}

async function requestChange(token: string, numberOfPeople: number): Promise<string> {
  const answer = await app().request({
    method: 'POST',
    url: `/api/public/guest-reservations/${token}/change-request`,
    payload: { reservationDate: '2026-11-25', reservationTime: '14:30', numberOfPeople },
    remoteAddress: freshAddress(),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ id: string }>().id;
}

const setStatus = (id: string, status: 'confirmed' | 'cancelled') =>
  app().request({ method: 'PATCH', url: `/api/admin/reservations/${id}/status`, payload: status === 'cancelled' ? { status, reason: 'Sin sitio' } : { status }, cookie: owner() });

const cardOf = async (id: string) => (await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, id)))[0];
const statusOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!.status;
const release = () => releaseSettledCards({ db: db(), clock, publicUrl: app().config.publicUrl }, paymentsContext(app().config));

describe('a change request of a booking with a card', () => {
  it('never sends the guest to the provider’s page again, even for a party the rules would ask', async () => {
    const { token } = await guaranteed();
    const requestId = await requestChange(token, 8);
    expect(await statusOf(requestId)).toBe('pending');
    expect(await db().select().from(guaranteeHolds).where(eq(guaranteeHolds.id, requestId))).toHaveLength(0);
  });

  it('takes the card over when staff confirm it, with the terms the guest agreed to, and the card is not let go', async () => {
    const { booking, card, token } = await guaranteed();
    const requestId = await requestChange(token, 8);
    expect(await cardOf(requestId)).toBeUndefined();

    expect((await setStatus(requestId, 'confirmed')).statusCode).toBe(200);
    expect(await statusOf(booking.id)).toBe('cancelled');
    expect(await cardOf(booking.id)).toBeUndefined();
    expect(await cardOf(requestId)).toMatchObject({
      state: 'saved',
      paymentMethodRef: card.paymentMethodRef,
      customerRef: card.customerRef,
      amountPerPersonCents: 2000,
      freeCancellationHours: 24,
    });

    // The superseded original is no guest's cancellation in time: nothing is released, the provider keeps the card.
    expect(await release()).toBe(0);
    expect(await cardOf(requestId)).toMatchObject({ state: 'saved', releasedAt: null });
    expect(fake().store.paymentMethod(card.paymentMethodRef).customer).toBe(card.customerRef);
  });

  it('leaves the card with the original when staff reject the request', async () => {
    const { booking, card, token } = await guaranteed();
    const requestId = await requestChange(token, 6);

    expect((await setStatus(requestId, 'cancelled')).statusCode).toBe(200);
    expect(await statusOf(requestId)).toBe('cancelled');
    expect(await statusOf(booking.id)).toBe('confirmed');
    expect(await release()).toBe(0);
    expect(await cardOf(requestId)).toBeUndefined();
    expect(await cardOf(booking.id)).toMatchObject({ state: 'saved', paymentMethodRef: card.paymentMethodRef });
    expect(fake().store.paymentMethod(card.paymentMethodRef).customer).toBe(card.customerRef);
  });
});
