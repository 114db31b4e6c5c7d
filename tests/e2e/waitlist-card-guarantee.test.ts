// Issue 45: a freed place offered to a party of 6 the card guarantee covers. The guest opens the offer from the
// delivered email, reads the card's policy before accepting, saves the card on the (fake) Stripe page and comes back
// to the booking made; the host's 'Lista de espera' says the party is on the card's page meanwhile. The fake's
// Checkout checks its expiry against the real time: this suite's clock starts now.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGuaranteeGuestMessages } from '@shared/guest-messages/card-guarantee.ts';
import { messages } from '@shared/messages.ts';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';
import { DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { waitlistMessages } from '@shared/staff-messages/waitlist.ts';
import { cardGuarantees, emailOutbox, reservations, restaurantConfig, waitlistEntries } from '../../src/server/db/schema.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { connectStripe } from '../support/card-guarantees.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { guestPageOnPhone } from '../support/stripe-return.ts';
import { waitFor } from '../support/wait-for.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';

const WEBHOOK_SECRET = 'whsec_waitlist_card_e2e';
const TIME = '13:30';
const fake = await startFakeStripe();
const now = new Date();
const suite = useBrowserSuite({ now, env: { STRIPE_API_URL: fake.url } });
afterAll(() => fake.close());
const db = () => suite.db();
const w = messages.waitlist;
const text = waitlistMessages;

/** An open day a few days ahead (Monday is closed by default). */
const day = (() => {
  const date = addDays(madridToday(now), 4);
  return dayOfWeek(date) === 1 ? addDays(date, 1) : date;
})();

beforeAll(async () => {
  fake.setWebhook(suite.url('/api/public/payments/stripe/webhook'), WEBHOOK_SECRET);
  await connectStripe(db(), suite.app.config, { webhookSecret: WEBHOOK_SECRET });
  // 6 covers at a time; parties of 6 leave a card, 20 € a person.
  await db()
    .update(restaurantConfig)
    .set({
      maxCoversPerSlot: 6,
      maxCoversPerDay: null,
      autoConfirmationEnabled: false,
      cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6, amountPerPersonCents: 2000, freeCancellationHours: 24 },
    })
    .where(eq(restaurantConfig.id, 1));
});

describe('a waitlist offer the card guarantee covers', () => {
  it('states the policy before the guest accepts, goes through the card page, and books the party', async () => {
    const full = await insertReservation(db(), { numberOfPeople: 6, reservationDate: day, reservationTime: TIME, status: 'confirmed', customerEmail: uniqueEmail() });
    const name = 'Familia Ortega';
    const email = uniqueEmail('espera');
    const joined = await suite.app.request({
      method: 'POST',
      url: '/api/public/waitlist',
      remoteAddress: '10.45.9.1',
      payload: { id: randomUUID(), customerName: name, customerPhone: '+34 600 123 456', customerEmail: email, numberOfPeople: 6, reservationDate: day, reservationTime: TIME, privacyConsent: true },
    });
    expect(joined.statusCode).toBe(201);

    // The host keeps the day's list open.
    const staff = await suite.openAdmin('/admin');
    await staff.getByRole('button', { name: text.open }).click();
    const list = staff.getByRole('dialog', { name: text.title });
    await list.getByLabel(text.date, { exact: true }).fill(day);
    const party = list.getByRole('article', { name, exact: true });
    await party.getByText(text.statuses.waiting, { exact: true }).waitFor();

    // The booking is cancelled: the place is offered to the party, by email.
    const cancelled = await suite.app.request({
      method: 'PATCH',
      url: `/api/admin/reservations/${full.id}/status`,
      cookie: await suite.app.signIn(),
      payload: { status: 'cancelled', reason: 'Llamó para anular' },
    });
    expect(cancelled.statusCode).toBe(200);
    const offerEmail = await waitFor(
      async () => (await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'waitlist_offer'), eq(emailOutbox.toAddress, email))))[0],
      { what: 'the offer email' },
    );
    const path = /http:\/\/localhost:3000(\/oferta\/[\w-]{43})/.exec((await deliveredEmail(db(), offerEmail, suite.clock)).text)![1]!;
    await party.getByText(text.statuses.offered, { exact: true }).waitFor();

    const guest = await guestPageOnPhone(suite);
    await guest.goto(suite.url(path));
    await guest.getByRole('heading', { name: w.offerTitle, level: 1 }).waitFor();
    // The policy, before the button: per person, the party's total, the free-cancellation window.
    await guest.getByText(messages.reservation.guarantee.title, { exact: true }).waitFor();
    await guest.getByText(/cancelas con menos de 24 horas de antelación, podremos cobrar 20\s€ por persona \(120\s€ en total\)/).waitFor();
    await guest.getByRole('button', { name: w.accept }).click();

    // The fake's Checkout page, the party's amount (6 × 20 €); the host reads that the party is on it.
    await guest.waitForURL((url) => url.origin === fake.url);
    await guest.getByText(/120,00\s€/).waitFor();
    await party.getByText(text.awaitingCard, { exact: true }).waitFor();
    expect(await party.getByText(text.statuses.offered, { exact: true }).count()).toBe(0);
    // Staff's actions wait for the card's page to end, and the card says why.
    await party.getByText(text.awaitingCardBusy, { exact: true }).waitFor();
    expect(await party.getByRole('button', { name: text.book }).count()).toBe(0);

    await guest.getByRole('button', { name: 'Pagar (prueba)' }).click();
    await guest.waitForURL((url) => url.pathname.startsWith('/reservar/garantia/'));
    await guest.getByText(cardGuaranteeGuestMessages.bookedPending).waitFor();

    const [booked] = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(booked).toMatchObject({ customerName: name, numberOfPeople: 6, reservationDate: day, reservationTime: TIME, status: 'pending' });
    const [card] = await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, booked!.id));
    expect(card).toMatchObject({ state: 'saved', amountPerPersonCents: 2000 });
    await party.getByText(text.statuses.booked, { exact: true }).waitFor();
    expect(await party.getByText(text.awaitingCard, { exact: true }).count()).toBe(0);
    expect((await db().select().from(waitlistEntries).where(eq(waitlistEntries.customerEmail, email)))[0]).toMatchObject({ status: 'booked', reservationId: booked!.id });
  });
});
