import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { longDate } from '../../src/web/features/booking/calendar-dates.ts';
import { toast, useBrowserSuite } from '../support/admin-browser.ts';
import { uniqueEmail } from '../support/factories.ts';
import { consentBox, dateButtonName, fillGuest, noDateName, openGuestForm, pickDate } from '../support/guest-form.ts';

// What the guest sees after booking (issue 25): the summary above the emptied form, its calendar file and private
// page, and an earlier refusal's toast gone once a retry succeeds. A 390 px phone, frozen on Tuesday 24 November
// 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const WEDNESDAY = '2026-11-25';
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';
const PHONE = { width: 390, height: 844 };

const form = messages.reservation.form;
const summary = messages.reservation.summary;
const errors = messages.reservation.errors;
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

afterEach(async () => {
  await db().update(restaurantConfig).set({ autoConfirmationEnabled: false });
});

const summarySection = (page: Page) => page.getByRole('region', { name: new RegExp(`^(${messages.reservation.success.title}|${summary.confirmedTitle})$`) });
const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((element) => element === document.activeElement);

/** The summary's rows as 'label: value'. */
function summaryRows(page: Page): Promise<string[]> {
  return summarySection(page)
    .locator('dt')
    .evaluateAll((terms) => terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`));
}

/** The form filled for `people` on `date` at `time`, consent given, and sent. */
async function book(page: Page, email: string, date: string, time: string, people = '2'): Promise<void> {
  await fillGuest(page, email);
  await page.getByLabel(form.people, { exact: true }).selectOption(people);
  await pickDate(page, date);
  await page.getByLabel(form.time, { exact: true }).selectOption(time);
  await consentBox(page).check();
  await page.getByRole('button', { name: form.submit }).click();
}

describe('after a booking, on a 390 px phone', () => {
  it('keeps a summary with the request, its calendar file and a link to the guest page', async () => {
    const page = await openGuestForm(suite, PHONE);
    const email = uniqueEmail('resumen');
    await book(page, email, WEDNESDAY, '14:00', '3');

    // The spec's toast still shows; the summary stays above the emptied form, with the focus on its heading.
    await toast(page, messages.reservation.success.title).waitFor();
    const section = summarySection(page);
    await section.waitFor();
    expect(await section.getByRole('heading', { level: 3 }).textContent()).toBe(messages.reservation.success.title);
    await expect.poll(() => isFocused(page, '#booking-summary-title')).toBe(true);
    expect(await summaryRows(page)).toEqual([
      `${form.date}: ${longDate(WEDNESDAY)}`,
      `${form.time}: 14:00`,
      `${summary.people}: ${formatMessage(form.peopleMany, { count: 3 })}`,
      `${summary.status}: ${summary.pending}`,
    ]);
    await section.getByText(summary.nextPending, { exact: true }).waitFor();
    await section.getByText(summary.manageHint, { exact: true }).waitFor();
    expect(await page.getByLabel(form.email, { exact: true }).inputValue()).toBe('');
    expect(await dateButtonName(page)).toBe(noDateName);
    const [row] = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(row).toMatchObject({ reservationDate: WEDNESDAY, reservationTime: '14:00', numberOfPeople: 3, status: 'pending' });

    // 'Añadir al calendario': an iCalendar file for Wednesday at 14:00 in Madrid.
    const calendarLink = section.getByRole('link', { name: summary.addToCalendar });
    const href = await calendarLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/public\/guest-reservations\/[\w-]{43}\/calendar\.ics$/);
    const [download] = await Promise.all([page.waitForEvent('download'), calendarLink.click()]);
    expect(download.suggestedFilename()).toBe('reserva.ics');
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('DTSTART;TZID=Europe/Madrid:20261125T140000');
    const served = await page.request.get(suite.url(href!));
    expect(served.headers()['content-type']).toMatch(/^text\/calendar/);

    // 'Gestionar mi reserva': the guest's own page, showing this booking.
    const manage = section.getByRole('link', { name: summary.manage });
    const token = href!.split('/')[4]!;
    expect(await manage.getAttribute('href')).toBe(`/reserva/${token}`);
    await manage.click();
    await page.waitForURL(suite.url(`/reserva/${token}`));
    await page.getByRole('heading', { name: selfServiceMessages.title, level: 1 }).waitFor();
    await page.getByText('miércoles, 25 de noviembre de 2026', { exact: true }).waitFor();
    await page.getByText('14:00', { exact: true }).waitFor();
    expect(await page.getByTestId('guest-status').textContent()).toBe('Pendiente');
  });

  it("closes a refused attempt's error toast when the retry succeeds; 'Hacer otra reserva' leaves an empty form", async () => {
    await db().update(restaurantConfig).set({ autoConfirmationEnabled: true });
    // The guest already has three requests for Thursday: a fourth is refused (the spec's limit per email and day).
    // None overlaps another, or the fourth would be refused as the same stay twice (issue 41) before the limit.
    const email = uniqueEmail('limite');
    for (const [index, reservationTime] of ['13:00', '14:30', '16:00'].entries()) {
      const response = await suite.app.request({
        method: 'POST',
        url: '/api/public/reservations',
        remoteAddress: `10.25.0.${index + 1}`,
        payload: {
          id: randomUUID(),
          customerName: 'María José Núñez',
          customerPhone: '+34 600 123 456',
          customerEmail: email,
          numberOfPeople: 2,
          reservationDate: THURSDAY,
          reservationTime,
          privacyConsent: true,
        },
      });
      expect(response.statusCode).toBe(201);
    }

    const page = await openGuestForm(suite, PHONE);
    await book(page, email, THURSDAY, '17:30');
    const refused = toast(page, errors.title).filter({ hasText: errors.rateLimit });
    await refused.waitFor();
    expect(await summarySection(page).count()).toBe(0);

    // Another day goes through: the refusal's toast is gone, the summary says it is confirmed.
    await pickDate(page, FRIDAY);
    await page.getByLabel(form.time, { exact: true }).selectOption('15:00');
    await page.getByRole('button', { name: form.submit }).click();
    await toast(page, messages.reservation.success.title).waitFor();
    await refused.waitFor({ state: 'detached' });
    const section = summarySection(page);
    expect(await section.getByRole('heading', { level: 3 }).textContent()).toBe(summary.confirmedTitle);
    await expect.poll(() => isFocused(page, '#booking-summary-title')).toBe(true);
    expect(await summaryRows(page)).toContain(`${summary.status}: ${summary.confirmed}`);
    expect(await summaryRows(page)).toContain(`${form.date}: ${longDate(FRIDAY)}`);
    await section.getByText(summary.nextConfirmed, { exact: true }).waitFor();
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, email))).toHaveLength(4);

    // 'Hacer otra reserva': the summary goes, the form is empty and the focus is on its first field.
    await section.getByRole('button', { name: summary.close }).click();
    await section.waitFor({ state: 'detached' });
    expect(await page.getByLabel(form.name, { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel(form.email, { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel(form.people, { exact: true }).inputValue()).toBe('2');
    expect(await dateButtonName(page)).toBe(noDateName);
    expect(await page.getByLabel(form.time, { exact: true }).isDisabled()).toBe(true);
    expect(await consentBox(page).isChecked()).toBe(false);
    await expect.poll(() => isFocused(page, '#booking-name')).toBe(true);
  });
});
