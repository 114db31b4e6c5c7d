import type { Locator, Page } from 'playwright-core';
import { messages } from '@shared/messages.ts';
import { nextMonth } from '@shared/rules/calendar-days.ts';
import { addDays } from '@shared/rules/madrid-time.ts';
import { longDate } from '../../src/web/features/booking/calendar-dates.ts';
import { type BrowserSuite, hydrated } from './admin-browser.ts';

const form = messages.reservation.form;

/** The guest page on a touch phone (360 px wide unless told), once the booking form is ready (hydrated: decision 060). */
export async function openGuestForm(suite: BrowserSuite, viewport = { width: 360, height: 740 }): Promise<Page> {
  const context = await suite.newContext({ viewport, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  await page.goto(suite.url('/'));
  await hydrated(page);
  await page.getByRole('button', { name: form.submit }).waitFor();
  return page;
}

/** The guest's name, phone and email typed into the booking form. */
export async function fillGuest(page: Page, email: string, name = 'María José Núñez'): Promise<void> {
  await page.getByLabel(form.name, { exact: true }).fill(name);
  await page.getByLabel(form.phone, { exact: true }).fill('+34 600 123 456');
  await page.getByLabel(form.email, { exact: true }).fill(email);
}

/** The privacy consent's checkbox of the booking form. */
export const consentBox = (page: Page) => page.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix} ${form.consentLink}`) });

/** The label and state of one option of the form's time select: '14:00 (Completo)|disabled'. */
export function timeOption(page: Page, time: string): Promise<string> {
  return page
    .getByLabel(form.time, { exact: true })
    .locator(`option[value="${time}"]`)
    .evaluate((option) => `${option.textContent}|${(option as HTMLOptionElement).disabled ? 'disabled' : 'enabled'}`);
}

const calendarText = messages.reservation.calendar;

/** The booking form's 'Fecha' button (its name also carries the chosen day). */
export const dateButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^${form.date} `) });

/** A day's button in the open calendar, by its 'YYYY-MM-DD' date. */
export const calendarDay = (page: Page, date: string) => page.locator(`#booking-date-calendar td[data-day="${date}"] button`);

/** The calendar below the 'Fecha' button, while it is open. */
export const dateCalendar = (page: Page) => page.locator('#booking-date-calendar');

/** The 'Fecha' button's accessible name as its aria-labelledby composes it: 'Fecha miércoles, 25 de noviembre'. */
export function dateButtonName(page: Page): Promise<string> {
  return page.locator('#booking-date').evaluate((button) =>
    (button.getAttribute('aria-labelledby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** What the 'Fecha' button is named once `date` is chosen. */
export const chosenDateName = (date: string) => `${form.date} ${longDate(date)}`;
/** What it is named with no day chosen. */
export const noDateName = `${form.date} ${calendarText.choose}`;

/**
 * Opens the calendar (its chunk loads on the first opening) and goes to `date`'s month with 'Mes siguiente' or
 * 'Mes anterior', as a guest would, waiting for each month's grid before looking at it.
 */
export async function showCalendarDay(page: Page, date: string): Promise<void> {
  const calendar = dateCalendar(page);
  if (!(await calendar.isVisible())) await dateButton(page).click();
  const wanted = date.slice(0, 7);
  let shown = (await calendar.locator('td[data-day]:not([data-outside])').first().getAttribute('data-day'))!.slice(0, 7);
  for (let turns = 0; turns < 4 && shown !== wanted; turns += 1) {
    const forward = shown < wanted;
    await calendar.getByRole('button', { name: forward ? calendarText.nextMonth : calendarText.previousMonth }).click();
    shown = forward ? nextMonth(shown) : addDays(`${shown}-01`, -1).slice(0, 7);
    await calendar.locator(`td[data-day^="${shown}-"]:not([data-outside])`).first().waitFor();
  }
  await calendarDay(page, date).waitFor();
}

/** Picks `date` in the booking form's calendar; the calendar closes and the button names the day. */
export async function pickDate(page: Page, date: string): Promise<void> {
  await showCalendarDay(page, date);
  await calendarDay(page, date).click();
  await dateCalendar(page).waitFor({ state: 'detached' });
}

/**
 * The error shown for a control: the element its aria-describedby names '…-error', which must sit below the
 * control on the page. Null when the control has no error.
 */
export async function fieldError(control: Locator): Promise<string | null> {
  const errorId = (await control.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  const error = control.page().locator(`[id="${errorId}"]`);
  const [controlBox, errorBox] = await Promise.all([control.boundingBox(), error.boundingBox()]);
  if (!controlBox || !errorBox) return null;
  if (errorBox.y < controlBox.y + controlBox.height - 1) return `(not under its field) ${await error.textContent()}`;
  return error.textContent();
}
