import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WaitlistEntryView } from '@shared/schemas/waitlist.ts';
import { waitlistMessages } from '@shared/staff-messages/waitlist.ts';
import { cardGuarantees, emailOutbox, guaranteeHolds, reservations, waitlistEntries, waitlistOffers } from '../../src/server/db/schema.ts';
import { endOverdueHolds } from '../../src/server/modules/payments/jobs.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { bookingBody, freshAddress, openDayNextWeek } from '../support/bookings.ts';
import { payOnFakeCheckout, useCardGuaranteeSuite } from '../support/card-guarantees.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 45, item 4: a waitlist offer for a party the card guarantee covers asks for the card on acceptance, through
// the booking form's gate. The fake checks Checkout's expiry against the real time, so this clock starts now.
const WEBHOOK_SECRET = 'whsec_waitlist_card';
const TIME = '13:30';
const clock = new ManualClock(new Date());
const DATE = openDayNextWeek();
// 6 covers at a time; parties of 6 leave a card, 20 € a person.
const { app, db, fake, owner: staff } = useCardGuaranteeSuite({
  clock,
  webhookSecret: WEBHOOK_SECRET,
  rules: { fromPeople: 6, amountPerPersonCents: 2000 },
  settings: { maxCoversPerSlot: 6, maxCoversPerDay: null, autoConfirmationEnabled: false },
});
beforeEach(async () => {
  clock.set(new Date());
  await db().delete(waitlistEntries);
  await db().delete(guaranteeHolds);
  await db().delete(reservations);
});

async function join(numberOfPeople: number) {
  const body = bookingBody({
    customerPhone: '+34 600 111 222',
    customerEmail: uniqueEmail('espera'),
    numberOfPeople,
    reservationDate: DATE,
    reservationTime: TIME,
  });
  const answer = await app().request({ method: 'POST', url: '/api/public/waitlist', payload: body, remoteAddress: freshAddress() });
  expect(answer.statusCode).toBe(201);
  return body;
}

/** The offer's link as the guest receives it. */
async function offerToken(email: string): Promise<string> {
  const rows = await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'waitlist_offer'), eq(emailOutbox.toAddress, email)));
  const delivered = await deliveredEmail(db(), rows.at(-1)!, clock);
  return delivered.text.match(/\/oferta\/([\w-]{43})/)![1]!;
}

const entryOf = async (id: string) => (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
const offerOf = async (entryId: string) => (await db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId)))[0];
const holdRow = async (id: string) => (await db().select().from(guaranteeHolds).where(eq(guaranteeHolds.id, id)))[0];
const offerPage = (token: string) => app().request({ method: 'GET', url: `/api/public/waitlist-offers/${token}`, remoteAddress: freshAddress() });
/** The entry's latest offer as staff's 'Lista de espera' lists it. */
async function staffOffer(entryId: string) {
  const list = (await app().request({ method: 'GET', url: `/api/admin/waitlist?date=${DATE}`, cookie: staff() })).json<WaitlistEntryView[]>();
  return list.find((entry) => entry.id === entryId)?.offers[0];
}
const accept = (token: string) => app().request({ method: 'POST', url: `/api/public/waitlist-offers/${token}/accept`, remoteAddress: freshAddress() });

/** The slot full with a booking of 6, a party of 6 waiting, the booking cancelled: the party is offered the place. */
async function offeredToSix() {
  const booked = await insertReservation(db(), { reservationDate: DATE, reservationTime: TIME, numberOfPeople: 6, status: 'confirmed', customerEmail: uniqueEmail() });
  const party = await join(6);
  const cancelled = await app().request({
    method: 'PATCH',
    url: `/api/admin/reservations/${booked.id}/status`,
    cookie: staff(),
    payload: { status: 'cancelled', reason: 'El cliente llamó' },
  });
  expect(cancelled.statusCode).toBe(200);
  await waitFor(async () => (await offerOf(party.id))?.status === 'open');
  const offer = (await offerOf(party.id))!;
  return { party, offer, token: await offerToken(party.customerEmail) };
}

describe('accepting an offer for a party the card guarantee covers', () => {
  it('holds the place for the card and books it, with the card, once the guest saves one', async () => {
    const { party, offer, token } = await offeredToSix();
    // The offer's page states the card's terms before the guest accepts: the rule the acceptance applies.
    expect((await offerPage(token)).json()).toMatchObject({ status: 'open', guarantee: { amountPerPersonCents: 2000, freeCancellationHours: 24, holdMinutes: 15 } });
    expect(await staffOffer(party.id)).toMatchObject({ status: 'open', awaitingCard: false });
    const answer = await accept(token);
    expect(answer.statusCode).toBe(202);
    // Staff's list says the party is on the card's page.
    expect(await staffOffer(party.id)).toMatchObject({ status: 'accepted', awaitingCard: true });
    // Meanwhile staff can neither book, seat nor remove the party: it would get a second table, or lose this one.
    for (const [method, path] of [['POST', 'book'], ['POST', 'seat'], ['DELETE', '']] as const) {
      const refused = await app().request({ method, url: `/api/admin/waitlist/${party.id}${path ? `/${path}` : ''}`, cookie: staff(), payload: {} });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(waitlistMessages.awaitingCardBusy);
    }
    expect((await offerPage(token)).json()).toMatchObject({ status: 'accepted', guarantee: null });
    const held = answer.json<{ id: string; status: string; checkoutUrl: string }>();
    expect(held).toMatchObject({ id: offer.id, status: 'awaiting_guarantee' });
    expect(held.checkoutUrl).toMatch(new RegExp(`^${fake().url}/pay/cs_test_`));
    expect(await holdRow(offer.id)).toMatchObject({ kind: 'booking', status: 'open', numberOfPeople: 6, amountPerPersonCents: 2000 });
    expect(await offerOf(party.id)).toMatchObject({ status: 'accepted', reservationId: null });
    expect(await db().select().from(reservations).where(eq(reservations.id, offer.id))).toHaveLength(0);

    // The place passed from the offer to the card's hold: the booking form cannot take it meanwhile.
    const sneaking = await app().request({
      method: 'POST',
      url: '/api/public/reservations',
      remoteAddress: freshAddress(),
      payload: { id: randomUUID(), customerName: 'Otro', customerPhone: '+34 600 999 888', customerEmail: uniqueEmail(), numberOfPeople: 2, reservationDate: DATE, reservationTime: TIME, specialRequirement: '', privacyConsent: true },
    });
    expect(sneaking.statusCode).toBe(409);
    // The link works once.
    expect((await accept(token)).statusCode).toBe(409);

    const returnTo = await payOnFakeCheckout(held.checkoutUrl);
    const sessionId = new URL(returnTo).searchParams.get('session_id')!;
    const view = await app().request({ method: 'GET', url: `/api/public/card-guarantees/${offer.id}?session_id=${sessionId}` });
    expect(view.json()).toMatchObject({ state: 'booked', reservationStatus: 'pending' });
    await fake().webhooksSettled();

    const [booking] = await db().select().from(reservations).where(eq(reservations.id, offer.id));
    expect(booking).toMatchObject({ customerEmail: party.customerEmail, numberOfPeople: 6, status: 'pending', adminNotes: waitlistMessages.bookedNote });
    const [card] = await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, offer.id));
    expect(card).toMatchObject({ state: 'saved', amountPerPersonCents: 2000 });
    await waitFor(async () => (await entryOf(party.id)).status === 'booked');
    expect(await entryOf(party.id)).toMatchObject({ status: 'booked', reservationId: offer.id });
    expect(await offerOf(party.id)).toMatchObject({ status: 'accepted', reservationId: offer.id });
    expect(await staffOffer(party.id)).toMatchObject({ awaitingCard: false });
    expect((await offerPage(token)).json()).toMatchObject({ status: 'accepted' });
  });

  it('gives the place back, to the next party, when the guest abandons the provider’s page', async () => {
    const { party, offer, token } = await offeredToSix();
    const next = await join(6);
    const answer = await accept(token);
    expect(answer.statusCode).toBe(202);
    expect(await entryOf(next.id)).toMatchObject({ status: 'waiting' });

    clock.advance(16 * 60_000);
    await endOverdueHolds({ db: db(), clock, publicUrl: app().config.publicUrl }, paymentsContext(app().config));
    expect(await holdRow(offer.id)).toMatchObject({ status: 'expired' });
    // The place goes to the next party; the party that did not save a card has had its turn.
    await waitFor(async () => (await offerOf(next.id))?.status === 'open');
    await waitFor(async () => (await entryOf(party.id)).status === 'missed');
    expect(await staffOffer(party.id)).toMatchObject({ status: 'accepted', awaitingCard: false });
    expect(await db().select().from(reservations).where(eq(reservations.id, offer.id))).toHaveLength(0);
    const page = await app().request({ method: 'GET', url: `/api/public/waitlist-offers/${token}`, remoteAddress: freshAddress() });
    expect(page.json()).toMatchObject({ status: 'expired' });
  });

  it('books a smaller party at once, as before', async () => {
    const booked = await insertReservation(db(), { reservationDate: DATE, reservationTime: TIME, numberOfPeople: 6, status: 'confirmed', customerEmail: uniqueEmail() });
    const party = await join(4);
    await app().request({ method: 'PATCH', url: `/api/admin/reservations/${booked.id}/status`, cookie: staff(), payload: { status: 'cancelled', reason: 'Llamó' } });
    await waitFor(async () => (await offerOf(party.id))?.status === 'open');
    const token = await offerToken(party.customerEmail);
    expect((await offerPage(token)).json()).toMatchObject({ status: 'open', guarantee: null });
    const answer = await accept(token);
    expect(answer.statusCode).toBe(201);
    expect(await entryOf(party.id)).toMatchObject({ status: 'booked', reservationId: answer.json().reservation.id });
    expect(await db().select().from(guaranteeHolds)).toHaveLength(0);
  });
});
