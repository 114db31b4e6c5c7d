// The booking form in any guest language (issue 26): guest-form.ts's helpers with the texts of the page's language
// (translations/<language>.ts, or the Spanish catalogue), plus the switcher and the calendar file's properties.
import type { Locator, Page } from 'playwright-core';
import { formatText } from '@shared/i18n/format-text.ts';
import { guestTextsEs, type GuestTexts } from '@shared/i18n/guest-texts.ts';
import type { Language } from '@shared/i18n/languages.ts';
import { guestTextTranslations } from '@shared/i18n/translations/index.ts';
import { nextMonth } from '@shared/rules/calendar-days.ts';
import { addDays } from '@shared/rules/madrid-time.ts';
import { longDate } from '../../src/web/features/booking/calendar-dates.ts';
import { calendarDay, dateCalendar } from './guest-form.ts';

/** Every guest page's texts in `language`, as the page shows them. */
export const guestTextsIn = (language: Language): GuestTexts => (language === 'es' ? guestTextsEs : guestTextTranslations[language]);

/** The guest pages' stored choice (web/lib/i18n/guest-language.ts), written only by the switcher. */
export const LANGUAGE_STORAGE_KEY = 'mesa.language';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's `<html lang>`. */
export const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

/** What the guest stored with the switcher, or null. */
export const storedLanguage = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_STORAGE_KEY);

/** The language switcher: a native select named by its (translated) label, 'Idioma' in Spanish. */
export const languageSwitcher = (page: Page, language: Language) =>
  page.getByRole('combobox', { name: guestTextsIn(language).language.label, exact: true });

/** The booking form's controls and steps, found by their texts in `language`. */
export function bookingFormIn(page: Page, language: Language) {
  const texts = guestTextsIn(language);
  const form = texts.reservation.form;
  const calendar = texts.reservation.calendar;
  const dateButton = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(form.date)} `) });
  const name = page.getByLabel(form.name, { exact: true });
  const phone = page.getByLabel(form.phone, { exact: true });
  const email = page.getByLabel(form.email, { exact: true });

  /** As guest-form.ts's showCalendarDay: opens the calendar and goes to `date`'s month with its month buttons. */
  async function showCalendarDay(date: string): Promise<void> {
    const grid = dateCalendar(page);
    if (!(await grid.isVisible())) await dateButton.click();
    const wanted = date.slice(0, 7);
    let shown = (await grid.locator('td[data-day]:not([data-outside])').first().getAttribute('data-day'))!.slice(0, 7);
    for (let turns = 0; turns < 4 && shown !== wanted; turns += 1) {
      const forward = shown < wanted;
      await grid.getByRole('button', { name: forward ? calendar.nextMonth : calendar.previousMonth, exact: true }).click();
      shown = forward ? nextMonth(shown) : addDays(`${shown}-01`, -1).slice(0, 7);
      await grid.locator(`td[data-day^="${shown}-"]:not([data-outside])`).first().waitFor();
    }
    await calendarDay(page, date).waitFor();
  }

  return {
    texts,
    heading: page.getByRole('heading', { name: form.title, level: 2, exact: true }),
    name,
    phone,
    email,
    people: page.getByLabel(form.people, { exact: true }),
    time: page.getByLabel(form.time, { exact: true }),
    dateButton,
    consent: page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(form.consentPrefix)} ${escapeRegExp(form.consentLink)}`) }),
    submit: page.getByRole('button', { name: form.submit, exact: true }),
    /** The summary shown after a booking, named by its heading. */
    summary: page.getByRole('region', { name: texts.reservation.success.title, exact: true }),
    /** A sonner toast holding `text`. */
    toast: (text: string): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text }).first(),
    /** The day's accessible name in the calendar and on the date button: 'Wednesday 2 December'. */
    longDate: (date: string) => longDate(date, language),
    /** A catalogue text filled in `language` (plurals included). */
    format: (text: string, values?: Record<string, string | number>) => formatText(text, values, language),

    async fillGuest(guest: { name: string; email: string; phone?: string }): Promise<void> {
      await name.fill(guest.name);
      await phone.fill(guest.phone ?? '+34 600 123 456');
      await email.fill(guest.email);
    },

    showCalendarDay,

    /** Picks `date` in the calendar; it closes and the date button names the day. */
    async pickDate(date: string): Promise<void> {
      await showCalendarDay(date);
      await calendarDay(page, date).click();
      await dateCalendar(page).waitFor({ state: 'detached' });
    },

    /** The date button's name as its aria-labelledby composes it: 'Date Wednesday 2 December'. */
    dateButtonName(): Promise<string> {
      return page.locator('#booking-date').evaluate((button) =>
        (button.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    },
    chosenDateName: (date: string) => `${form.date} ${longDate(date, language)}`,
    noDateName: `${form.date} ${calendar.choose}`,
  };
}

export type BookingFormIn = ReturnType<typeof bookingFormIn>;

/**
 * An iCalendar file's first VEVENT property `name` (SUMMARY, DESCRIPTION…), its folded lines joined and its text
 * escapes (RFC 5545 §3.3.11) undone; undefined when it has none.
 */
export function icsProperty(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r\n/g, '\n').replace(/\n[ \t]/g, '');
  const event = unfolded.slice(unfolded.indexOf('BEGIN:VEVENT'));
  const line = event.split('\n').find((candidate) => new RegExp(`^${name}(;[^:]*)?:`).test(candidate));
  if (line === undefined) return undefined;
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\\([\\;,n])/gi, (_match, escaped: string) => (escaped.toLowerCase() === 'n' ? '\n' : escaped));
}
