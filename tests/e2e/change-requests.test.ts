// Issue 50, item 3, in Chromium on a 390 px phone: the guest changes the booking from the private link, picking the
// day in the booking form's calendar, in Spanish and in English; with 'Confirmación automática' on, the original's
// page then reads 'Sustituida por tu cambio' (in the guest's language).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/i18n/languages.ts';
import { emailOutbox, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { bookingFormIn } from '../support/guest-language.ts';

// Tuesday 24 November 2026, 11:00 in Madrid; the booking is tomorrow, the change the day after.
const NOW = new Date('2026-11-24T10:00:00Z');
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

/** Books through the public API in `language` and returns the guest's link as the email delivered it. */
async function bookAndGetLink(language: Language) {
  const id = randomUUID();
  const customerEmail = `change-${id.slice(0, 8)}@example.com`;
  const response = await suite.app.request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: `10.4.0.${Number.parseInt(id.slice(0, 2), 16)}`,
    headers: { 'accept-language': language },
    payload: {
      id,
      customerName: 'Lucía Cliente',
      customerPhone: '+34 600 123 456',
      customerEmail,
      numberOfPeople: 3,
      reservationDate: '2026-11-25',
      reservationTime: '14:00',
      specialRequirement: 'Sin gluten',
      privacyConsent: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [email] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reservationId, id), eq(emailOutbox.toAddress, customerEmail)));
  const path = (await deliveredEmail(db(), email!)).text.match(/http:\/\/localhost:3000(\/reserva\/[\w-]{43}(\?lang=\w+)?)/)![1]!;
  return { id, path };
}

async function openOnPhone(path: string, language: Language): Promise<Page> {
  const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: language });
  const page = suite.watch(await context.newPage());
  const response = await page.goto(suite.url(path));
  expect(response?.status()).toBe(200);
  const texts = bookingFormIn(page, language).texts;
  await page.getByRole('heading', { name: texts.selfService.title, level: 1 }).waitFor();
  return page;
}

const setAutoConfirm = (on: boolean) => db().update(restaurantConfig).set({ autoConfirmationEnabled: on }).where(eq(restaurantConfig.id, 1));

describe.each(['es', 'en'] as const)('a change from the private link (%s)', (language) => {
  it("is asked through the booking form's calendar and waits for the restaurant", async () => {
    await setAutoConfirm(false);
    const { id, path } = await bookAndGetLink(language);
    const page = await openOnPhone(path, language);
    const form = bookingFormIn(page, language);
    const self = form.texts.selfService;
    await page.getByRole('heading', { name: self.change, level: 2 }).waitFor();
    await form.pickDate('2026-11-26');
    expect(await form.dateButtonName()).toBe(form.chosenDateName('2026-11-26'));
    await expect.poll(() => form.time.isEnabled()).toBe(true);
    await form.time.selectOption('15:00');
    await page.getByRole('button', { name: self.changeSubmit, exact: true }).click();
    await page.getByRole('status').filter({ hasText: self.changeSentDetail }).waitFor();
    const [request] = await db().select().from(reservations).where(eq(reservations.previousReservationId, id));
    expect(request).toMatchObject({ status: 'pending', reservationDate: '2026-11-26', reservationTime: '15:00' });
    expect(request!.adminNotes).toContain('[Cliente] Sin gluten');
    // The original still holds: its page does not say it was replaced.
    expect(await page.getByText(self.replacedByChange, { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it("is confirmed at once with 'Confirmación automática', and the original reads 'Sustituida por tu cambio'", async () => {
    await setAutoConfirm(true);
    const { id, path } = await bookAndGetLink(language);
    const page = await openOnPhone(path, language);
    const form = bookingFormIn(page, language);
    const self = form.texts.selfService;
    await form.pickDate('2026-11-26');
    await expect.poll(() => form.time.isEnabled()).toBe(true);
    await form.time.selectOption('15:00');
    await page.getByRole('button', { name: self.changeSubmit, exact: true }).click();
    await form.toast(self.changeConfirmed).waitFor();
    await page.getByTestId('guest-status').filter({ hasText: self.replacedByChange }).waitFor();
    expect(await page.getByText(form.texts.selfService.cancelledByGuest, { exact: true }).count()).toBe(0);
    const [original] = await db().select().from(reservations).where(eq(reservations.id, id));
    expect(original!.status).toBe('cancelled');
    const [request] = await db().select().from(reservations).where(eq(reservations.previousReservationId, id));
    expect(request).toMatchObject({ status: 'confirmed', reservationDate: '2026-11-26', reservationTime: '15:00' });
  });
});
