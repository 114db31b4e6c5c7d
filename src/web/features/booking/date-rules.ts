// The date rules of spec point 5 that the form applies on pick and on submit, before asking the server.
import { closedTextKeys } from '@shared/i18n/closed-day-texts';
import type { FirstScreenTexts } from '@shared/i18n/first-screen-texts';
import type { FirstScreenTextKey } from '@shared/i18n/text-keys';
import { isMonday } from '@shared/rules/madrid-time';
import type { Availability } from '@shared/rules/availability';
import type { BookingCalendar } from '@shared/schemas/reservation';

export interface DateRejection {
  title: string;
  message: string;
}

type ClosingCalendar = Pick<BookingCalendar, 'closedDates' | 'openedMondays'>;

/** What the booking calendar alone closes: a blocked date, or a Monday not opened. */
export function calendarClosure(date: string, calendar: ClosingCalendar): 'closed_day' | 'monday' | null {
  if (calendar.closedDates.includes(date)) return 'closed_day';
  if (isMonday(date) && !calendar.openedMondays.includes(date)) return 'monday';
  return null;
}

/** Why `date` cannot be booked according to the calendar, or null; `rules` are the guest's language's texts. */
export function dateRejection(
  date: string,
  calendar: ClosingCalendar,
  rules: FirstScreenTexts['reservation']['dateRules'],
): DateRejection | null {
  const closure = calendarClosure(date, calendar);
  if (!closure) return null;
  return { title: rules.unavailableTitle, message: closure === 'monday' ? rules.monday : rules.blockedDay };
}

/** The date's own refusal when its availability says it is closed (a blocked day, a Monday, a closed weekday). */
export function closedDayRejection(
  availability: Pick<Availability, 'bookable' | 'closedReason'>,
  textOf: (key: FirstScreenTextKey) => string,
): DateRejection | null {
  const { bookable, closedReason } = availability;
  if (bookable) return null;
  if (closedReason !== 'closed_day' && closedReason !== 'monday' && closedReason !== 'closed_weekday') return null;
  const keys = closedTextKeys[closedReason];
  return { title: textOf(keys.title), message: textOf(keys.message) };
}

/** True for a complete date inside [first, last]; a date half-typed into the field (year 0002…) is not. */
export function isInWindow(date: string, first: string, last: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= first && date <= last;
}
