import type { Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGuaranteeGuestMessages } from '@shared/guest-messages/card-guarantee.ts';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';
import { DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { chargeBadgeMessages } from '@shared/staff-messages/charges-badges.ts';
import { guaranteeLinkMessages } from '@shared/staff-messages/guarantee-link.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { cardGuarantees, emailOutbox, guaranteeHolds, restaurantConfig } from '../../src/server/db/schema.ts';
import { openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { connectStripe } from '../support/card-guarantees.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation } from '../support/factories.ts';
import { guestPageOnPhone } from '../support/stripe-return.ts';
import { waitFor } from '../support/wait-for.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';

// Issue 45, item 7: a party of 8 booked by phone; staff send the guest the guarantee link from the booking's card, and
// the row says the link is waiting. Tuesday 24 November 2026, 11:00 in Madrid, frozen; Stripe is the local fake.
const WEBHOOK_SECRET = 'whsec_guarantee_link_e2e';
const fake = await startFakeStripe();
const suite = useBrowserSuite({ now: new Date('2026-11-24T10:00:00Z'), env: { STRIPE_API_URL: fake.url } });
beforeAll(() => fake.setWebhook(suite.url('/api/public/payments/stripe/webhook'), WEBHOOK_SECRET));
afterAll(() => fake.close());
const db = () => suite.db();
const LAPTOP = { viewport: { width: 1366, height: 900 } };

const row = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

describe("'Enviar enlace de garantía'", () => {
  it('sends the link from the card of a phone booking the rules ask a card for, and the row shows it waiting', async () => {
    await connectStripe(db(), suite.app.config, { webhookSecret: WEBHOOK_SECRET });
    await db()
      .update(restaurantConfig)
      .set({ cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6, amountPerPersonCents: 2000 } })
      .where(eq(restaurantConfig.id, 1));
    const booking = await insertReservation(db(), {
      customerName: 'Grupo Navarro',
      customerEmail: 'navarro@example.com',
      numberOfPeople: 8,
      reservationDate: '2026-11-24',
      reservationTime: '21:00',
      status: 'confirmed',
    });
    await insertReservation(db(), { customerName: 'Pareja Ruiz', numberOfPeople: 2, reservationDate: '2026-11-24', reservationTime: '21:00', status: 'confirmed' });

    // A party of 2 needs no card under these rules: no button on its card.
    const first = await suite.openAdmin('/admin', LAPTOP);
    const small = await openBooking(first, 'Pareja Ruiz');
    await small.getByRole('button', { name: staffMessages.admin.changeLog.open }).waitFor();
    expect(await small.getByRole('button', { name: chargeBadgeMessages.sendLink }).count()).toBe(0);

    const page = await suite.openAdmin('/admin', LAPTOP);
    const card = await openBooking(page, 'Grupo Navarro');
    await card.getByRole('button', { name: chargeBadgeMessages.sendLink }).click();
    const dialog = page.getByRole('dialog', { name: guaranteeLinkMessages.dialog.title });
    await dialog.getByText(/navarro@example\.com.*20,00\s€ por persona \(160,00\s€ en total\)/).waitFor();
    await dialog.getByRole('button', { name: guaranteeLinkMessages.dialog.submit }).click();

    await toast(page, guaranteeLinkMessages.sent).waitFor();
    await row(page, 'Grupo Navarro').getByText(chargeBadgeMessages.linkSent, { exact: true }).waitFor();
    expect(await db().select({ kind: guaranteeHolds.kind }).from(guaranteeHolds).where(eq(guaranteeHolds.reservationId, booking.id))).toEqual([
      { kind: 'reservation' },
    ]);
  });
});

describe('the guest’s guarantee link', () => {
  it('opens from the delivered email, states the policy, and saves the card on the payment page', async () => {
    // The fake's Checkout checks its expiry against the real time: this test's server clock is now, the booking ahead.
    const now = new Date();
    suite.clock!.set(now);
    const ahead = addDays(madridToday(now), 3);
    const day = dayOfWeek(ahead) === 1 ? addDays(ahead, 1) : ahead;
    await connectStripe(db(), suite.app.config, { webhookSecret: WEBHOOK_SECRET });
    await db()
      .update(restaurantConfig)
      .set({ cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6, amountPerPersonCents: 2000, freeCancellationHours: 24 } })
      .where(eq(restaurantConfig.id, 1));
    const booking = await insertReservation(db(), {
      customerName: 'Grupo Soler',
      customerEmail: 'soler@example.com',
      numberOfPeople: 8,
      reservationDate: day,
      reservationTime: '21:00',
      status: 'confirmed',
    });
    const staff = await suite.app.signIn();
    const sent = await suite.app.request({ method: 'POST', url: `/api/admin/reservations/${booking.id}/guarantee-link`, cookie: staff });
    expect(sent.statusCode).toBe(200);

    // The link as the guest receives it (minted at delivery).
    const email = await waitFor(
      async () => (await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'guarantee_link'), eq(emailOutbox.toAddress, 'soler@example.com'))))[0],
      { what: 'the guarantee link email' },
    );
    const path = /http:\/\/localhost:3000(\/reservar\/garantia\/enlace\/[\w-]{43})/.exec((await deliveredEmail(db(), email, suite.clock)).text)![1]!;

    const page = await guestPageOnPhone(suite);
    await page.goto(suite.url(path));
    await page.getByRole('heading', { name: cardGuaranteeGuestMessages.title, level: 1 }).waitFor();
    await page.getByText(/podremos cobrar 20\s€ por persona \(160\s€ en total\)/).waitFor();
    await page.getByRole('button', { name: cardGuaranteeGuestMessages.link.saveCard }).click();

    // The fake's Checkout page: the party's amount, then the guest pays.
    await page.waitForURL((url) => url.origin === fake.url);
    await page.getByText(/160,00\s€/).waitFor();
    await page.getByRole('button', { name: 'Pagar (prueba)' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/reservar/garantia/') && !url.pathname.includes('/enlace/'));
    await page.getByText(cardGuaranteeGuestMessages.link.saved).waitFor();

    const [card] = await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, booking.id));
    expect(card).toMatchObject({ state: 'saved', cardLabel: 'Visa ···· 4242', amountPerPersonCents: 2000 });
    expect(await db().select({ status: guaranteeHolds.status }).from(guaranteeHolds).where(eq(guaranteeHolds.reservationId, booking.id))).toEqual([
      { status: 'completed' },
    ]);
  });
});
