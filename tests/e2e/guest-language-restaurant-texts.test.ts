import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enEmails from '@shared/i18n/translations/emails/en.ts';
import { restaurantConfig } from '../../src/server/db/schema.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { openDayNextWeek, publicBooking } from '../support/bookings.ts';
import { dateCalendar } from '../support/guest-form.ts';
import { bookingFormIn, guestTextsIn } from '../support/guest-language.ts';

// Issue 50, item 6, in an English browser on a phone: the restaurant's own Spanish texts shown as written with a
// note (never the default's translation in their place), the calendar file's name, the calendar's navigation and
// the phone numbers, all as an English guest gets them.
const PHONE = { width: 390, height: 844 };
const WELCOME = 'Bienvenidos a Casa Lola: cocina de mercado desde 1987';
const POLICY = 'Puedes cancelar gratis hasta 6 horas antes; después, llámanos.';
const CONTACT = '+34 911 222 333';

const en = guestTextsIn('en');
const suite = useBrowserSuite();

beforeAll(async () => {
  await suite
    .db()
    .update(restaurantConfig)
    .set({ welcomeMessage: WELCOME, cancellationPolicy: POLICY, contactPhone1: CONTACT, templateTranslations: {} })
    .where(eq(restaurantConfig.id, 1));
});

async function englishPage(path: string): Promise<Page> {
  const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(path)))?.status()).toBe(200);
  return page;
}

describe('an English guest of a restaurant that wrote its texts in Spanish only', () => {
  it('reads the welcome as written, marked Spanish, with a note; the calendar and the phone in English terms', async () => {
    const page = await englishPage('/');
    const form = bookingFormIn(page, 'en');
    await form.submit.waitFor();

    const welcome = page.getByText(WELCOME, { exact: true });
    await welcome.waitFor();
    expect(await welcome.getAttribute('lang')).toBe('es');
    await page.getByText(en.common.writtenInSpanish, { exact: true }).waitFor();
    expect(await page.getByText(en.landing.welcomeHeading, { exact: true }).count()).toBe(1);
    expect(await page.getByText(enEmails.templates.welcomeMessage, { exact: true }).count()).toBe(0);

    await form.dateButton.click();
    const navigation = dateCalendar(page).getByRole('navigation', { name: en.reservation.calendar.navigation, exact: true });
    await navigation.waitFor();
    await navigation.getByRole('button', { name: en.reservation.calendar.nextMonth, exact: true }).waitFor();

    const phone = page.getByRole('link', { name: CONTACT, exact: true });
    expect(await phone.evaluate((link) => getComputedStyle(link).whiteSpace)).toBe('nowrap');
  });

  it('gets the calendar file under an English name, and the policy in Spanish with the note on its booking page', async () => {
    const answer = await suite.app.request({
      method: 'POST',
      url: '/api/public/reservations',
      payload: publicBooking(openDayNextWeek(), 1),
      remoteAddress: '10.50.6.1',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(answer.statusCode).toBe(201);
    const { calendarPath, managePath } = answer.json<{ calendarPath: string; managePath: string }>();

    const file = await fetch(suite.url(calendarPath));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${en.reservation.summary.calendarFileName}"`);
    expect(en.reservation.summary.calendarFileName).toBe('booking.ics');

    const page = await englishPage(`${managePath}?lang=en`);
    const policy = page.getByText(POLICY, { exact: true });
    await policy.waitFor();
    expect(await policy.getAttribute('lang')).toBe('es');
    await page.getByText(en.common.writtenInSpanish, { exact: true }).waitFor();
    const download = page.getByRole('link', { name: en.selfService.calendar, exact: true });
    expect(await download.getAttribute('download')).toBe('booking.ics');
    const phone = page.getByRole('link', { name: CONTACT, exact: true });
    expect(await phone.evaluate((link) => getComputedStyle(link).whiteSpace)).toBe('nowrap');
  });
});
