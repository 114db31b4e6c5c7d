import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { dateExceptions, reservations } from '../../src/server/db/schema.ts';
import { longDate } from '../../src/web/features/booking/calendar-dates.ts';
import { BROWSER_WAIT_MS, toast, useBrowserSuite } from '../support/admin-browser.ts';
import {
  calendarDay,
  chosenDateName,
  dateButton,
  dateButtonName,
  dateCalendar,
  fieldError,
  noDateName,
  openGuestForm,
  pickDate,
  showCalendarDay,
} from '../support/guest-form.ts';

// Spec point 5's date rules as the guest meets them in the booking calendar (issue 25): a Monday and a blocked day
// are disabled there with their reason; a day that closes while the page is open is still refused with the spec's
// 'Fecha no disponible'. Frozen on Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const WEDNESDAY = '2026-11-25';
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';
const MONDAY = '2026-11-30';
const BLOCKED_DAY = '2026-12-02'; // Wednesday, closed by a date exception

const form = messages.reservation.form;
const dateRules = messages.reservation.dateRules;
const closedReasons = messages.reservation.calendar.closedReasons;
const WAIT = BROWSER_WAIT_MS;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
let cookie: string;

beforeAll(async () => {
  await db().insert(dateExceptions).values({ exceptionDate: BLOCKED_DAY, isClosed: true, reason: 'Evento privado' });
  cookie = await suite.app.signIn();
});
// The days a test blocks while the page is open are opened again for the next one.
afterEach(async () => {
  for (const date of [THURSDAY, FRIDAY]) await suite.app.request({ method: 'DELETE', url: `/api/admin/blocked-days/${date}`, cookie });
});

const timeField = (p: Page) => p.getByLabel(form.time, { exact: true });

/** The restaurant blocks `date` (Configuración › Horarios, through its API) while the guest's page is open. */
async function blockDay(date: string): Promise<void> {
  const blocked = await suite.app.request({ method: 'POST', url: '/api/admin/blocked-days', cookie, payload: { date } });
  expect(blocked.statusCode).toBe(201);
}

/** Wednesday picked in the calendar: no error, the button names it, and its last time can be chosen. */
async function pickOpenDay(p: Page) {
  await pickDate(p, WEDNESDAY);
  await expect.poll(() => fieldError(dateButton(p)), { timeout: WAIT }).toBeNull();
  expect(await dateButtonName(p)).toBe(chosenDateName(WEDNESDAY));
  await timeField(p).selectOption('17:30');
}

describe('the date rules in the booking calendar, on a 360 px phone', () => {
  it('shows a Monday and a blocked day disabled, with the reason, and they cannot be picked', async () => {
    const p = await openGuestForm(suite);

    for (const [date, reason] of [
      [MONDAY, closedReasons.monday],
      [BLOCKED_DAY, closedReasons.closed_day],
    ] as const) {
      await showCalendarDay(p, date);
      // The reason on hover and in the day's accessible name.
      expect(await calendarDay(p, date).getAttribute('title')).toBe(reason);
      const day = p.getByRole('button', { name: `${longDate(date)}, ${reason}`, exact: true });
      expect(await day.isDisabled()).toBe(true);
      // A tap on it does nothing: the calendar stays open and no day is chosen.
      await day.click({ force: true });
      expect(await dateCalendar(p).isVisible()).toBe(true);
      expect(await dateButtonName(p)).toBe(noDateName);
    }
    expect(await timeField(p).isDisabled()).toBe(true);

    // An open day is accepted: no error, the button names it and its times are offered; nothing was refused.
    await pickOpenDay(p);
    expect(await toast(p, dateRules.unavailableTitle).count()).toBe(0);
  });

  it("refuses with the spec's toast and the error under Fecha a day that closed after the calendar showed it", async () => {
    const p = await openGuestForm(suite);
    await showCalendarDay(p, THURSDAY);
    expect(await calendarDay(p, THURSDAY).isEnabled()).toBe(true);

    // The restaurant blocks the day while the guest looks at it; the guest picks it.
    await blockDay(THURSDAY);
    await calendarDay(p, THURSDAY).click();
    const refused = toast(p, dateRules.unavailableTitle).filter({ hasText: dateRules.blockedDay });
    await refused.waitFor();
    await expect.poll(() => fieldError(dateButton(p)), { timeout: WAIT }).toBe(dateRules.blockedDay);
    expect(await dateButtonName(p)).toBe(noDateName);
    expect(await timeField(p).isDisabled()).toBe(true);

    // Opened again, the calendar shows the day closed.
    await showCalendarDay(p, THURSDAY);
    await expect.poll(() => calendarDay(p, THURSDAY).getAttribute('title'), { timeout: WAIT }).toBe(closedReasons.closed_day);
    expect(await calendarDay(p, THURSDAY).isDisabled()).toBe(true);

    // Another day is accepted and the error goes.
    await pickOpenDay(p);
  });

  it('shows the server refusal under Fecha when the chosen day closes before the request is sent', async () => {
    const p = await openGuestForm(suite);
    const email = `cerrado-${randomUUID().slice(0, 8)}@example.com`;
    await p.getByLabel(form.name, { exact: true }).fill('María José Núñez');
    await p.getByLabel(form.phone, { exact: true }).fill('+34 600 123 456');
    await p.getByLabel(form.email, { exact: true }).fill(email);
    await pickDate(p, FRIDAY);
    await timeField(p).selectOption('14:00');
    await p.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix} ${form.consentLink}`) }).check();

    await blockDay(FRIDAY);
    await p.getByRole('button', { name: form.submit }).click();
    // The refusal's toast carries the spec's message for a closed day.
    const refused = toast(p, dateRules.blockedDay);
    await refused.waitFor();
    await expect.poll(() => fieldError(dateButton(p)), { timeout: WAIT }).toBe(dateRules.blockedDay);
    expect(await timeField(p).inputValue()).toBe('');
    expect(await db().select().from(reservations).where(eq(reservations.customerEmail, email))).toHaveLength(0);

    // The calendar now shows the day closed; another day books, and the refusal's toast goes.
    await showCalendarDay(p, FRIDAY);
    await expect.poll(() => calendarDay(p, FRIDAY).getAttribute('title'), { timeout: WAIT }).toBe(closedReasons.closed_day);
    await pickOpenDay(p);
    await expect.poll(() => fieldError(dateButton(p)), { timeout: WAIT }).toBeNull();
    await p.getByRole('button', { name: form.submit }).click();
    await toast(p, messages.reservation.success.title).waitFor();
    await refused.waitFor({ state: 'detached' });
    const [row] = await db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(row).toMatchObject({ reservationDate: WEDNESDAY, reservationTime: '17:30', status: 'pending' });
  });
});
