// The date rules of spec point 5 that the form applies on pick and on submit, before asking the server.
import { messages } from '@shared/messages';
import { isMonday } from '@shared/rules/madrid-time';
import type { Availability } from '@shared/rules/availability';
import type { BookingCalendar } from '@shared/schemas/reservation';

const rules = messages.reservation.dateRules;

export interface DateRejection {
  title: string;
  message: string;
}

/** Why `date` cannot be booked according to the calendar (a closed day, or a Monday not opened), or null. */
export function dateRejection(
  date: string,
  calendar: Pick<BookingCalendar, 'closedDates' | 'openedMondays'>,
): DateRejection | null {
  if (calendar.closedDates.includes(date)) return { title: rules.unavailableTitle, message: rules.blockedDay };
  if (isMonday(date) && !calendar.openedMondays.includes(date)) return { title: rules.unavailableTitle, message: rules.monday };
  return null;
}

/** The date's own refusal when its availability says it is closed (a blocked day, a Monday, a closed weekday). */
export function closedDayRejection(availability: Pick<Availability, 'bookable' | 'closedReason' | 'closedTitle' | 'closedMessage'>): DateRejection | null {
  const { bookable, closedReason, closedTitle, closedMessage } = availability;
  if (bookable || !closedTitle || !closedMessage) return null;
  return closedReason === 'closed_day' || closedReason === 'monday' || closedReason === 'closed_weekday'
    ? { title: closedTitle, message: closedMessage }
    : null;
}

/** True for a complete date inside [first, last]; a date half-typed into the field (year 0002…) is not. */
export function isInWindow(date: string, first: string, last: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= first && date <= last;
}
