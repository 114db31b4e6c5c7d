import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { chargeBadgeMessages } from '@shared/staff-messages/charges-badges.ts';
import { guaranteeLinkMessages } from '@shared/staff-messages/guarantee-link.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { guaranteeHolds, restaurantConfig } from '../../src/server/db/schema.ts';
import { openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { connectStripe } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';

// Issue 45, item 7: a party of 8 booked by phone; staff send the guest the guarantee link from the booking's card, and
// the row says the link is waiting. Tuesday 24 November 2026, 11:00 in Madrid, frozen; Stripe is the local fake.
const fake = await startFakeStripe();
const suite = useBrowserSuite({ now: new Date('2026-11-24T10:00:00Z'), env: { STRIPE_API_URL: fake.url } });
afterAll(() => fake.close());
const db = () => suite.db();
const LAPTOP = { viewport: { width: 1366, height: 900 } };

const row = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

describe("'Enviar enlace de garantía'", () => {
  it('sends the link from the card of a phone booking the rules ask a card for, and the row shows it waiting', async () => {
    await connectStripe(db(), suite.app.config);
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
