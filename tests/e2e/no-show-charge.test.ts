import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chargeBadgeMessages } from '@shared/staff-messages/charges-badges.ts';
import { chargeMessages } from '@shared/staff-messages/charges.ts';
import { openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { connectStripe, paymentIntentsOf, saveCardFor } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';
import { reservationChanges } from '../../src/server/db/schema.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';

// Issue 45, item 4: a party of 8 with a card in guarantee did not come; staff charge the 3 who did not come, the row
// shows the charge, and switching the booking to 'Llegó' offers the refund at once. Stripe is the local fake.
// Tuesday 24 November 2026, 11:00 in Madrid, frozen.
const fake = await startFakeStripe();
const suite = useBrowserSuite({ now: new Date('2026-11-24T10:00:00Z'), env: { STRIPE_API_URL: fake.url } });
afterAll(() => fake.close());
const db = () => suite.db();
const LAPTOP = { viewport: { width: 1366, height: 900 } };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** The row of a booking on the service view: the list item holding the button named by the customer. */
const row = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

async function noShowOfEight(customerName: string) {
  const booking = await insertReservation(db(), {
    customerName,
    numberOfPeople: 8,
    reservationDate: '2026-11-24',
    reservationTime: '13:00',
    status: 'confirmed',
    arrivalStatus: 'no_show',
  });
  await connectStripe(db(), suite.app.config);
  return { booking, ...(await saveCardFor(db(), fake, booking.id)) };
}

describe("'Cobrar no-show'", () => {
  it('charges 3 of 8 once, shows the amount on the row, and offers the refund when the booking turns to Llegó', async () => {
    const { customerRef } = await noShowOfEight('Familia Ortega');
    const page = await suite.openAdmin('/admin', LAPTOP);
    await row(page, 'Familia Ortega').getByText(chargeBadgeMessages.guarantee, { exact: true }).waitFor();

    const card = await openBooking(page, 'Familia Ortega');
    await card.getByRole('button', { name: chargeMessages.actions.charge }).click();
    const dialog = page.getByRole('dialog', { name: chargeMessages.chargeDialog.title });
    await dialog.getByText(/Visa ···· 4242\) responde por 20,00\s€ por persona/).waitFor();
    await dialog.getByText('Total: 160,00\u00a0€').waitFor();
    await dialog.getByText(chargeMessages.chargeDialog.irreversible).waitFor();
    await dialog.getByLabel(chargeMessages.chargeDialog.people).selectOption('3');
    await dialog.getByText('Total: 60,00\u00a0€').waitFor();
    const submit = dialog.getByRole('button', { name: 'Cobrar 60,00\u00a0€' });
    expect((await submit.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await submit.click();

    await toast(page, 'No-show cobrado: 60,00\u00a0€.').waitFor();
    await row(page, 'Familia Ortega').getByText('Cobrado 60,00\u00a0€', { exact: true }).waitFor();
    expect(paymentIntentsOf(fake, customerRef).map((intent) => intent.amount)).toEqual([6000]);
    expect(await row(page, 'Familia Ortega').getByText(chargeBadgeMessages.guarantee, { exact: true }).count()).toBe(0);

    await card.getByRole('button', { name: 'Llegó' }).click();
    const refund = page.getByRole('dialog', { name: chargeMessages.refundDialog.title });
    await refund.getByText(/Has marcado que Familia Ortega llegó/).waitFor();
    await refund.getByRole('button', { name: 'Reembolsar 60,00\u00a0€' }).click();
    await toast(page, 'Reembolsado: 60,00\u00a0€.').waitFor();
    await row(page, 'Familia Ortega').getByText('Reembolsado 60,00\u00a0€', { exact: true }).waitFor();
    expect([...fake.store.refunds.values()].map((each) => each.amount)).toEqual([6000]);
  });

  it('works on a 360 px phone with the keyboard: the dialog fits and charges all the party by default', async () => {
    const { customerRef } = await noShowOfEight('Hermanos Vidal');
    const page = await suite.openAdmin('/admin', PHONE);
    await row(page, 'Hermanos Vidal').getByText(chargeBadgeMessages.guarantee, { exact: true }).waitFor();
    const card = await openBooking(page, 'Hermanos Vidal');
    const open = card.getByRole('button', { name: chargeMessages.actions.charge });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: chargeMessages.chargeDialog.title });
    const submit = dialog.getByRole('button', { name: 'Cobrar 160,00\u00a0€' });
    const box = await submit.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await submit.focus();
    await page.keyboard.press('Enter');
    await toast(page, 'No-show cobrado: 160,00\u00a0€.').waitFor();
    expect(paymentIntentsOf(fake, customerRef).map((intent) => intent.amount)).toEqual([16000]);
  });
});

describe("'Cobrar cancelación tardía'", () => {
  it('charges a guest who cancelled after the free-cancellation limit, naming the amount and that it is not undone', async () => {
    // Today at 13:00, free to cancel until yesterday 13:00; the guest cancelled this morning at 10:00.
    const booking = await insertReservation(db(), {
      customerName: 'Marta Llull',
      numberOfPeople: 4,
      reservationDate: '2026-11-24',
      reservationTime: '13:00',
      status: 'cancelled',
      cancelledBy: 'guest',
    });
    await db()
      .insert(reservationChanges)
      .values({ reservationId: booking.id, at: new Date('2026-11-24T09:00:00Z'), actor: 'guest', action: 'status', changes: { status: ['confirmed', 'cancelled'] } });
    await connectStripe(db(), suite.app.config);
    const { customerRef } = await saveCardFor(db(), fake, booking.id);
    const page = await suite.openAdmin('/admin', LAPTOP);

    const card = await openBooking(page, 'Marta Llull');
    expect(await card.getByRole('button', { name: chargeMessages.actions.charge, exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: chargeMessages.actions.chargeLateCancellation }).click();
    const dialog = page.getByRole('dialog', { name: chargeMessages.chargeDialog.lateCancellation.title });
    await dialog.getByText(/Canceló fuera de plazo\. La tarjeta en garantía \(Visa ···· 4242\) responde por 20,00\s€ por persona/).waitFor();
    await dialog.getByText('Total: 80,00\u00a0€').waitFor();
    await dialog.getByText(chargeMessages.chargeDialog.irreversible).waitFor();
    await dialog.getByRole('button', { name: 'Cobrar 80,00\u00a0€' }).click();

    await toast(page, 'Cancelación tardía cobrada: 80,00\u00a0€.').waitFor();
    await row(page, 'Marta Llull').getByText('Cobrado 80,00\u00a0€', { exact: true }).waitFor();
    expect(paymentIntentsOf(fake, customerRef).map((intent) => intent.amount)).toEqual([8000]);
    await card.getByRole('button', { name: chargeMessages.actions.refund }).waitFor();
    expect(await card.getByRole('button', { name: chargeMessages.actions.chargeLateCancellation }).count()).toBe(0);
  });
});
