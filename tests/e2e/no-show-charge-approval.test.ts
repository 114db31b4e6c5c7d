// Issue 45, item 4, the guest's side of a held-back charge: staff charge a no-show whose card's bank asks the
// cardholder to approve it; the guest opens the link of the email they received, pays on the (fake) Stripe page,
// comes back to a confirmation, and staff read the charge as paid. The fake's Checkout checks its expiry against the
// real time: this suite's clock starts now.
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { cardGuaranteeGuestMessages } from '@shared/guest-messages/card-guarantee.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import { chargeBadgeMessages } from '@shared/staff-messages/charges-badges.ts';
import { chargeMessages } from '@shared/staff-messages/charges.ts';
import { emailOutbox, paymentCharges } from '../../src/server/db/schema.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { openBooking, useBrowserSuite } from '../support/admin-browser.ts';
import { connectStripe, paymentIntentsOf, saveCardFor } from '../support/card-guarantees.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation } from '../support/factories.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';

const WEBHOOK_SECRET = 'whsec_no_show_charge_approval';
const fake = await startFakeStripe();
const suite = useBrowserSuite({ env: { STRIPE_API_URL: fake.url } });
afterAll(() => fake.close());
const db = () => suite.db();
const text = cardGuaranteeGuestMessages.noShowCharge;
const LAPTOP = { viewport: { width: 1366, height: 900 } };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

const row = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

/** The approval email's link as the guest received it: a path on PUBLIC_URL. */
async function approvalLink(reservationId: string): Promise<string> {
  await expect.poll(async () => (await approvalEmails(reservationId)).length, { timeout: 10_000 }).toBe(1);
  const [email] = await approvalEmails(reservationId);
  const link = (await deliveredEmail(db(), email!)).text.match(new RegExp(`${TEST_ORIGIN}(/reservar/garantia/cobro/[\\w-]{43})`));
  expect(link).not.toBeNull();
  return link![1]!;
}
const approvalEmails = (reservationId: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reservationId, reservationId), eq(emailOutbox.kind, 'no_show_charge_authorization')));

describe("a no-show charge the guest's bank holds back", () => {
  it('staff charge it, the guest approves it from the email on a phone, sees it paid, and staff see it paid', async () => {
    await connectStripe(db(), suite.app.config, { webhookSecret: WEBHOOK_SECRET });
    fake.setWebhook(suite.url('/api/public/payments/stripe/webhook'), WEBHOOK_SECRET);
    const booking = await insertReservation(db(), {
      customerName: 'Familia Beltrán',
      customerEmail: 'beltran@example.com',
      numberOfPeople: 8,
      reservationDate: madridToday(new Date()),
      reservationTime: '13:00',
      status: 'confirmed',
      arrivalStatus: 'no_show',
    });
    const { customerRef } = await saveCardFor(db(), fake, booking.id, { card: 'authentication_required' });

    // Staff charge 3 of the 8: the bank asks the guest, and the row says so.
    const staff = await suite.openAdmin('/admin', LAPTOP);
    const card = await openBooking(staff, 'Familia Beltrán');
    await card.getByRole('button', { name: chargeMessages.actions.charge }).click();
    const dialog = staff.getByRole('dialog', { name: chargeMessages.chargeDialog.title });
    await dialog.getByLabel(chargeMessages.chargeDialog.people).selectOption('3');
    await dialog.getByRole('button', { name: 'Cobrar 60,00\u00a0€' }).click();
    await row(staff, 'Familia Beltrán').getByText(chargeBadgeMessages.pending, { exact: true }).waitFor();

    // The guest opens the email's link on a phone and lands on Stripe's page (the fake's) for 60 €.
    const context = await suite.newContext(PHONE);
    // Stripe sends the guest back to PUBLIC_URL; here that is the test server on its own port.
    await context.route(`${TEST_ORIGIN}/**`, (route) => {
      const { pathname, search } = new URL(route.request().url());
      return route.fulfill({ status: 302, headers: { location: suite.url(`${pathname}${search}`) } });
    });
    const guest = suite.watch(await context.newPage());
    const link = suite.url(await approvalLink(booking.id));
    await guest.goto(link);
    await guest.waitForURL((url) => url.origin === fake.url);
    await guest.getByText(/60,00\s€/).first().waitFor();

    // Leaving Stripe's page without paying: Mesa says so, and the same link opens the page again.
    await guest.getByRole('button', { name: 'Cancelar' }).click();
    await guest.waitForURL((url) => url.pathname === '/reservar/garantia/pago');
    await guest.getByText(text.notPaid).waitFor();
    await guest.goto(link);
    await guest.waitForURL((url) => url.origin === fake.url);
    await guest.getByRole('button', { name: 'Pagar (prueba)' }).click();

    // Back on Mesa: the confirmation, by the page's id only.
    await guest.waitForURL((url) => url.pathname === '/reservar/garantia/pago');
    expect(new URL(guest.url()).searchParams.get('session_id')).toMatch(/^cs_/);
    await guest.getByRole('heading', { name: text.title, level: 1 }).waitFor();
    await guest.getByText('Pago recibido: se han cobrado 60,00\u00a0€. Gracias.').waitFor();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const [charge] = await db().select().from(paymentCharges).where(eq(paymentCharges.reservationId, booking.id));
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: 6000 });
    expect(paymentIntentsOf(fake, customerRef).map((intent) => [intent.amount, intent.status])).toEqual([
      [6000, 'canceled'],
      [6000, 'succeeded'],
    ]);
    await fake.webhooksSettled();

    // Staff's row reads it paid.
    await staff.reload();
    await row(staff, 'Familia Beltrán').getByText('Cobrado 60,00\u00a0€', { exact: true }).waitFor();

    // The link again: nothing left to pay, and the way to the guest's own page.
    await guest.goto(suite.url(await approvalLink(booking.id)));
    await guest.getByText(text.settled).waitFor();
    await guest.getByRole('link', { name: text.seeReservation }).waitFor();
  });

  it('tells a guest whose link is unknown, in their language, instead of raw JSON', async () => {
    const context = await suite.newContext(PHONE);
    const guest = suite.watch(await context.newPage());
    suite.ignoreErrors(/404/);
    await guest.goto(suite.url(`/reservar/garantia/cobro/${'x'.repeat(43)}?lang=en`));
    await guest.getByRole('heading', { name: 'No-show fee', level: 1 }).waitFor();
    await guest.getByText('This link is not valid. Check that it is complete.').waitFor();
  });
});
