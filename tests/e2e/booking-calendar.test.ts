import { inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { longDate } from '../../src/web/features/booking/calendar-dates.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';
import {
  calendarDay,
  chosenDateName,
  dateButton,
  dateButtonName,
  dateCalendar,
  noDateName,
  openGuestForm,
  showCalendarDay,
  timeOption,
} from '../support/guest-form.ts';

// The booking form's calendar (issue 25) on a 390 px phone. Frozen on Tuesday 24 November 2026, 11:00 in Madrid:
// every time of today (13:00-17:30) is still ahead. Each test opens again what it closes.
const NOW = new Date('2026-11-24T10:00:00Z');
const PAST = '2026-11-23';
const TODAY = '2026-11-24'; // Tuesday
const WEDNESDAY = '2026-11-25';
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';
const SATURDAY = '2026-11-28';
const SUNDAY = '2026-11-29';
const MONDAY = '2026-11-30';
const PHONE = { width: 390, height: 844 };

const form = messages.reservation.form;
const calendarText = messages.reservation.calendar;
const reasons = calendarText.closedReasons;
const suite = useBrowserSuite({ now: NOW });
let cookie: string;

beforeAll(async () => {
  cookie = await suite.app.signIn();
});

/** A change the restaurant makes in the back office, through its API. */
async function staffChange(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<void> {
  const response = await suite.app.request({ method, url, cookie, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

const openForm = () => openGuestForm(suite, PHONE);
/** The line under the month that says why a tapped day cannot be picked, or that the days are loading. */
const calendarStatus = (page: Page) => dateCalendar(page).locator('p[role="status"]');
const timeField = (page: Page) => page.getByLabel(form.time, { exact: true });
const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((element) => element === document.activeElement);
/** The date of the calendar day that has the focus, or null when the focus is not on one. */
const focusedDay = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('#booking-date-calendar td[data-day]')?.getAttribute('data-day') ?? null);

describe('the booking calendar on a 390 px phone', () => {
  it('shows Mondays, a blocked day, a closed weekday and past days disabled, with the reason, and a tap picks none', async () => {
    await staffChange('POST', '/api/admin/blocked-days', { date: FRIDAY });
    await staffChange('PATCH', '/api/admin/operating-hours/0', { isOpen: false });
    try {
      const page = await openForm();
      await showCalendarDay(page, TODAY);
      for (const [date, reason] of [
        [PAST, reasons.past],
        [FRIDAY, reasons.closed_day],
        [SUNDAY, reasons.closed_weekday],
        [MONDAY, reasons.monday],
      ] as const) {
        // The reason is in the day's accessible name (the weekday's comes with the month's answer) and its title.
        const day = page.getByRole('button', { name: `${longDate(date)}, ${reason}`, exact: true });
        await day.waitFor();
        expect(await day.isDisabled()).toBe(true);
        expect(await calendarDay(page, date).getAttribute('title')).toBe(reason);
        // A touch screen shows no title: the tap picks nothing and the calendar says why (issue 50).
        await day.tap({ force: true });
        expect(await dateCalendar(page).isVisible()).toBe(true);
        expect(await dateButtonName(page)).toBe(noDateName);
        await expect.poll(() => calendarStatus(page).textContent()).toBe(`${longDate(date)}: ${reason}`);
      }
      // The open days: named by their date (today with 'Hoy'), no title, enabled.
      expect(await page.getByRole('button', { name: `${calendarText.today}, ${longDate(TODAY)}`, exact: true }).isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: longDate(SATURDAY), exact: true }).isEnabled()).toBe(true);
      expect(await calendarDay(page, SATURDAY).getAttribute('title')).toBeNull();

      // Next month too: its Sunday and its Monday.
      await showCalendarDay(page, '2026-12-07');
      await page.getByRole('button', { name: `${longDate('2026-12-06')}, ${reasons.closed_weekday}`, exact: true }).waitFor();
      expect(await calendarDay(page, '2026-12-06').isDisabled()).toBe(true);
      expect(await calendarDay(page, '2026-12-07').getAttribute('title')).toBe(reasons.monday);
      expect(await timeField(page).isDisabled()).toBe(true);
    } finally {
      await staffChange('DELETE', `/api/admin/blocked-days/${FRIDAY}`);
      await staffChange('PATCH', '/api/admin/operating-hours/0', { isOpen: true });
    }
  });

  it("shows a month's days as loading until its states arrive", async () => {
    const page = await openForm();
    await dateButton(page).click();
    await calendarDay(page, SATURDAY).waitFor();
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/public/availability/month?month=2026-12**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: calendarText.nextMonth }).click();
    const december = calendarDay(page, '2026-12-12');
    await december.waitFor();
    expect(await december.getAttribute('aria-busy')).toBe('true');
    expect(await calendarStatus(page).textContent()).toBe(calendarText.loadingDays);
    answer();
    await expect.poll(() => december.getAttribute('aria-busy')).toBeNull();
    expect(await calendarStatus(page).textContent()).toBe('');
  });

  it('works from the keyboard: Enter opens, the arrows move, Enter picks, Escape closes without a change', async () => {
    const page = await openForm();
    await dateButton(page).focus();
    await page.keyboard.press('Enter');
    expect(await dateButton(page).getAttribute('aria-expanded')).toBe('true');
    // The focus lands on today in the grid.
    await expect.poll(() => focusedDay(page)).toBe(TODAY);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedDay(page)).toBe(WEDNESDAY);
    // A week down crosses into December.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedDay(page)).toBe('2026-12-02');
    await page.keyboard.press('Enter');
    await dateCalendar(page).waitFor({ state: 'detached' });
    expect(await dateButtonName(page)).toBe(chosenDateName('2026-12-02'));
    expect(await isFocused(page, '#booking-date')).toBe(true);
    expect(await dateButton(page).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => timeField(page).isEnabled()).toBe(true);

    // Opened again, the focus is on the chosen day; Escape closes and changes nothing.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedDay(page)).toBe('2026-12-02');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedDay(page)).toBe('2026-12-01');
    await page.keyboard.press('Escape');
    await dateCalendar(page).waitFor({ state: 'detached' });
    expect(await dateButtonName(page)).toBe(chosenDateName('2026-12-02'));
    expect(await isFocused(page, '#booking-date')).toBe(true);
    expect(await dateButton(page).getAttribute('aria-expanded')).toBe('false');
  });

  it('names the first day with a time for the party under the button, and one tap picks it with its times', async () => {
    const firstDay = (page: Page) => page.getByRole('button', { name: new RegExp(`^${formatMessage(calendarText.firstOpenDay, { date: '' })}`) });
    const open = await openForm();
    expect(await firstDay(open).textContent()).toBe(formatMessage(calendarText.firstOpenDay, { date: longDate(TODAY) }));

    // Today and tomorrow closed: the first day is Thursday.
    await staffChange('POST', '/api/admin/blocked-days', { date: TODAY });
    await staffChange('POST', '/api/admin/blocked-days', { date: WEDNESDAY });
    try {
      const page = await openForm();
      const line = formatMessage(calendarText.firstOpenDay, { date: longDate(THURSDAY) });
      await expect.poll(() => firstDay(page).textContent()).toBe(line);
      await firstDay(page).click();
      expect(await dateButtonName(page)).toBe(chosenDateName(THURSDAY));
      await expect.poll(() => timeField(page).isEnabled()).toBe(true);
      expect(await timeOption(page, '13:00')).toBe('13:00|enabled');
      expect(await timeOption(page, '17:30')).toBe('17:30|enabled');
      await timeField(page).selectOption('13:00');
    } finally {
      await staffChange('DELETE', `/api/admin/blocked-days/${TODAY}`);
      await staffChange('DELETE', `/api/admin/blocked-days/${WEDNESDAY}`);
    }
  });

  it('marks a day full for the party as Completo, keeps it selectable for the waitlist, and not for a smaller party', async () => {
    // 8 of Saturday's 10 covers are taken: a party of 4 no longer fits, a party of 2 does.
    const rows = await Promise.all(
      ['13:00', '14:00'].map((reservationTime) =>
        insertReservation(suite.db(), { reservationDate: SATURDAY, reservationTime, numberOfPeople: 4, status: 'confirmed' }),
      ),
    );
    await staffChange('PATCH', '/api/admin/settings', { maxCoversPerDay: 10 });
    try {
      const page = await openForm();
      await page.getByLabel(form.people, { exact: true }).selectOption('4');
      await showCalendarDay(page, SATURDAY);
      const full = page.getByRole('button', { name: `${longDate(SATURDAY)}, ${calendarText.full}`, exact: true });
      await full.waitFor();
      expect(await full.isEnabled()).toBe(true);
      expect(await calendarDay(page, SATURDAY).getAttribute('title')).toBe(calendarText.full);
      await page.getByText(calendarText.fullLegend, { exact: true }).waitFor();
      expect(await calendarDay(page, FRIDAY).getAttribute('title')).toBeNull();

      // Picked, it offers the waitlist of its full times.
      await full.click();
      await dateCalendar(page).waitFor({ state: 'detached' });
      expect(await dateButtonName(page)).toBe(chosenDateName(SATURDAY));
      const waitlist = page.getByRole('group', { name: messages.waitlist.formTitle });
      await waitlist.waitFor();
      expect(await timeOption(page, '13:00')).toBe(`13:00 ${messages.pacing.slotFullOption}|disabled`);

      // For two people the same day has room: no mark, no waitlist.
      await page.getByLabel(form.people, { exact: true }).selectOption('2');
      await waitlist.waitFor({ state: 'detached' });
      expect(await timeOption(page, '13:00')).toBe('13:00|enabled');
      await showCalendarDay(page, SATURDAY);
      await page.getByRole('button', { name: longDate(SATURDAY), exact: true }).waitFor();
      await expect.poll(() => calendarDay(page, SATURDAY).getAttribute('title')).toBeNull();
      expect(await page.getByText(calendarText.fullLegend, { exact: true }).count()).toBe(0);
    } finally {
      await suite.db().delete(reservations).where(inArray(reservations.id, rows.map((row) => row.id)));
      await staffChange('PATCH', '/api/admin/settings', { maxCoversPerDay: null });
    }
  });
});
