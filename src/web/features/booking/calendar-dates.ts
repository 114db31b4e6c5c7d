// The calendar's dates: Madrid wall-calendar days ('YYYY-MM-DD') as the local-midnight Dates react-day-picker draws.
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

const longFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** '2026-12-02' → 'miércoles, 2 de diciembre'. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return longFormat.format(new Date(Date.UTC(year, month - 1, day)));
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
