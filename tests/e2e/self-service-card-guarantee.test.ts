// Issue 45, items 2 and 5, the guest's side: the private page behind the email's link shows the card saved as the
// booking's guarantee and its rule; cancelling inside the free window releases the card at once, and outside it
// the dialog names what the restaurant may charge before the guest confirms.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { selfServiceMessages as text } from '@shared/guest-messages/self-service.ts';
import { cardGuarantees, emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { connectStripe, paymentIntentsOf, saveCardFor } from '../support/card-guarantees.ts';
import { deliveredEmail } from '../support/delivered-email.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const fake = await startFakeStripe();
const suite = useBrowserSuite({ now: NOW, env: { STRIPE_API_URL: fake.url } });
afterAll(() => fake.close());
const db = () => suite.db();

/** A party of 6 booked through the public API, a card saved for it (20 € a person, free until 24 h before), and the
 * link of the guest's email as delivered. */
async function guaranteedBooking(reservationDate: string, reservationTime: string) {
  await connectStripe(db(), suite.app.config);
  const id = randomUUID();
  const customerEmail = `guest-${id.slice(0, 8)}@example.com`;
  const response = await suite.app.request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: `10.45.0.${Number.parseInt(id.slice(0, 2), 16)}`,
    payload: { id, customerName: 'Familia Soler', customerPhone: '+34 600 123 456', customerEmail, numberOfPeople: 6, reservationDate, reservationTime, privacyConsent: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  const card = await saveCardFor(db(), fake, id, { amountPerPersonCents: 2000, freeCancellationHours: 24 });
  const [email] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reservationId, id), eq(emailOutbox.toAddress, customerEmail)));
  const path = (await deliveredEmail(db(), email!)).text.match(/http:\/\/localhost:3000(\/reserva\/[\w-]{43})/)![1]!;
  return { id, path, card };
}

async function openGuestPage(path: string, title: string = text.title): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(path)))?.status()).toBe(200);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  return page;
}

const cardRow = async (id: string) => (await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, id)))[0]!;
const statusOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!.status;

describe('a booking with a saved card, on the guest’s private page', () => {
  it('shows the card and the rule, and cancelling inside the free window releases the card', async () => {
    const { id, path, card } = await guaranteedBooking('2026-11-25', '16:00');
    const page = await openGuestPage(path);

    await page.getByText('Garantía con tarjeta', { exact: true }).waitFor();
    await page.getByText('Tu tarjeta Visa ···· 4242 está guardada como garantía. No se te ha cobrado nada.').waitFor();
    await page
      .getByText(
        'Puedes cancelar gratis hasta el martes, 24 de noviembre de 2026 a las 16:00. Después, o si no vienes, el restaurante puede cobrarte 20 € por persona (120 € en total).',
      )
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: text.cancel }).click();
    const dialog = page.getByRole('dialog', { name: text.cancelTitle });
    await dialog.getByText(`${text.cancelDescription} ${text.guarantee.cancelReleases}`).waitFor();
    await dialog.getByRole('button', { name: text.cancelConfirm }).click();
    await toast(page, text.cancelled).waitFor();
    await expect.poll(() => page.getByTestId('guest-status').textContent()).toBe(text.cancelledByGuest);
    expect(await page.getByText('Garantía con tarjeta', { exact: true }).count()).toBe(0);

    // Released at once (the change bus, not the minute job) and forgotten by Stripe; nothing charged.
    await expect.poll(async () => (await cardRow(id)).releaseReason, { timeout: 10_000 }).toBe('cancelled_in_time');
    expect((await cardRow(id)).releasedAt).toEqual(NOW);
    await expect.poll(() => fake.store.paymentMethod(card.paymentMethodRef).customer, { timeout: 10_000 }).toBeNull();
    expect(paymentIntentsOf(fake, card.customerRef)).toEqual([]);
  });

  it('outside the free window, says what may be charged before the guest confirms, and the card stays', async () => {
    // Today at 16:00: free cancellation ended yesterday at 16:00; the page takes cancellations until 14:00.
    const { id, path, card } = await guaranteedBooking('2026-11-24', '16:00');
    const page = await openGuestPage(path);
    await page
      .getByText(
        'La cancelación gratuita terminó el lunes, 23 de noviembre de 2026 a las 16:00. Si cancelas ahora, o si no vienes, el restaurante puede cobrarte 20 € por persona (120 € en total).',
      )
      .waitFor();

    // The same rule in the guest's language.
    const english = await openGuestPage(`${path}?lang=en`, 'Your booking');
    await english.getByText('Your card Visa ···· 4242 is saved as a guarantee. Nothing has been charged.').waitFor();
    await english.getByText('If you cancel now, or don’t come, the restaurant may charge you €20 per person (€120 in total).', { exact: false }).waitFor();

    await page.getByRole('button', { name: text.cancel }).click();
    const dialog = page.getByRole('dialog', { name: text.cancelTitle });
    await dialog.getByText('Si cancelas ahora, el restaurante puede cobrarte 120 €.', { exact: false }).waitFor();
    expect(await dialog.getByText(text.guarantee.cancelReleases, { exact: false }).count()).toBe(0);
    // Told before anything happened: the booking is as it was until the guest confirms.
    expect(await statusOf(id)).not.toBe('cancelled');

    await dialog.getByRole('button', { name: text.cancelConfirm }).click();
    await toast(page, text.cancelled).waitFor();
    await expect.poll(() => statusOf(id)).toBe('cancelled');
    expect(await cardRow(id)).toMatchObject({ state: 'saved', releasedAt: null });
    expect(fake.store.paymentMethod(card.paymentMethodRef).customer).toBe(card.customerRef);
    expect(paymentIntentsOf(fake, card.customerRef)).toEqual([]);
  });
});
