// The calendar's dates: Madrid wall-calendar days ('YYYY-MM-DD') as the local-midnight Dates react-day-picker draws.
import { DEFAULT_LANGUAGE, type Language, languageLocales } from '@shared/i18n/languages';
import type { CalendarDayReason } from '@shared/rules/calendar-days';
import type { BookingCalendar } from '@shared/schemas/reservation';
import { calendarClosure } from './date-rules';

/** '2026-12-02' → local midnight of 2 December 2026 (the day the grid shows, whatever the device's time zone). */
export function calendarDateOf(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

export function isoDateOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const longFormats = new Map<Language, Intl.DateTimeFormat>();

/** '2026-12-02' → 'miércoles, 2 de diciembre' ('Wednesday 2 December' in English). */
export function longDate(date: string, language: Language = DEFAULT_LANGUAGE): string {
  let format = longFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languageLocales[language], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    longFormats.set(language, format);
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * What the booking calendar alone says about a day, before (or without) the month's states: outside the window,
 * a closed date, or a Monday not opened.
 */
export function closedReasonFromCalendar(
  date: string,
  calendar: Pick<BookingCalendar, 'today' | 'lastDay' | 'closedDates' | 'openedMondays'>,
): CalendarDayReason | null {
  if (date < calendar.today) return 'past';
  if (date > calendar.lastDay) return 'beyond_window';
  return calendarClosure(date, calendar);
}
