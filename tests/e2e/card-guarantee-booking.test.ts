// Issue 45, the guest's side: a party of 8 books from a phone, saves a card on the (fake) Stripe page and comes back
// to its booking; a guest who leaves the page without a card gives the table back. Stripe is the local fake, whose
// Checkout checks its expiry against the real time: this suite's clock starts now.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGuaranteeGuestMessages as text } from '@shared/guest-messages/card-guarantee.ts';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';
import { DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { cardGuarantees, guaranteeHolds, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { connectStripe } from '../support/card-guarantees.ts';
import { uniqueEmail } from '../support/factories.ts';
import { guestPageOnPhone } from '../support/stripe-return.ts';
import { bookingFormIn } from '../support/guest-language.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';

const WEBHOOK_SECRET = 'whsec_card_guarantee_booking';
const fake = await startFakeStripe();
const now = new Date();
const suite = useBrowserSuite({ now, env: { STRIPE_API_URL: fake.url } });
afterAll(() => fake.close());
const db = () => suite.db();

/** An open day a few days ahead (Monday is closed by default). */
const day = (() => {
  const date = addDays(madridToday(now), 3);
  return dayOfWeek(date) === 1 ? addDays(date, 1) : date;
})();

beforeAll(async () => {
  fake.setWebhook(suite.url('/api/public/payments/stripe/webhook'), WEBHOOK_SECRET);
});

async function bookEight(name: string) {
  await connectStripe(db(), suite.app.config, { webhookSecret: WEBHOOK_SECRET });
  await db().update(restaurantConfig).set({ cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6 } });
  const page = await guestPageOnPhone(suite, { width: 360, height: 740 });
  await page.goto(suite.url('/reservar'));
  const form = bookingFormIn(page, 'es');
  await form.submit.waitFor();
  await form.people.selectOption('8');
  await form.pickDate(day);
  await form.time.selectOption('13:30');
  await form.fillGuest({ name, email: uniqueEmail('garantia') });
  await form.consent.check();
  await form.submit.click();
  // Stripe's page (the fake's): the party's amount, 8 × 20 €.
  await page.waitForURL((url) => url.origin === fake.url);
  await page.getByText(/160,00\s€/).waitFor();
  return page;
}

const holdOf = async (name: string) => {
  const [row] = await db().select().from(reservations).where(eq(reservations.customerName, name));
  return row;
};

describe('a booking that needs a card, on a phone', () => {
  it('saves a card on the payment page, comes back booked, and staff read the card in guarantee', async () => {
    const page = await bookEight('Familia Garrido');
    await page.getByRole('button', { name: 'Pagar (prueba)' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/reservar/garantia/'));
    await page.getByText(text.bookedPending).waitFor();
    await page.getByText('8', { exact: true }).waitFor();

    const booked = (await holdOf('Familia Garrido'))!;
    expect(booked).toMatchObject({ numberOfPeople: 8, reservationDate: day, status: 'pending' });
    const [card] = await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, booked.id));
    expect(card).toMatchObject({ state: 'saved', cardLabel: 'Visa ···· 4242', amountPerPersonCents: 2000 });

    // What staff's screens read of it ('Buscar' on Reservas): the card in guarantee (its badge: no-show-charge.test.ts).
    const staff = await suite.openAdmin('/admin');
    const found = await staff.request.get(suite.url('/api/admin/reservations/search?q=Garrido'));
    const [result] = (await found.json()) as Array<{ id: string; guarantee: { state: string; cardLabel: string } | null }>;
    expect(result).toMatchObject({ id: booked.id, guarantee: { state: 'saved', cardLabel: 'Visa ···· 4242' } });
  });

  it('leaving the payment page without a card offers it again, and giving up gives the table back', async () => {
    const page = await bookEight('Familia Prieto');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/reservar/garantia/'));
    await page.getByRole('button', { name: text.backToCheckout }).waitFor();
    await page.getByRole('button', { name: text.cancelRequest }).click();
    await page.getByText(text.cancelled).waitFor();

    const holdId = new URL(page.url()).pathname.split('/').pop()!;
    const [hold] = await db().select().from(guaranteeHolds).where(eq(guaranteeHolds.id, holdId));
    expect(hold).toMatchObject({ status: 'cancelled', numberOfPeople: 8 });
    expect(fake.store.session(hold!.checkoutRef!).status).toBe('expired');
    expect(await holdOf('Familia Prieto')).toBeUndefined();
  });
});
