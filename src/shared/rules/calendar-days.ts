// The booking calendar's view of a month (issue 25): which days a guest may pick, which are full for their party,
// and why the others are closed. One rule for the server's month answer and its tests.
import type { DayClosedReason } from './availability.ts';
import { addDays } from './madrid-time.ts';
import { type PacedAvailability, slotTakes } from './pacing.ts';

/** Why a day of the calendar cannot be picked: the date's closure, or open but with no time left to book. */
export type CalendarDayReason = DayClosedReason | 'no_times';

/**
 * 'open': some time takes the party. 'full': open, but every free time is too full for the party; still selectable,
 * so the guest can join the waitlist. 'closed': not selectable, `reason` says why.
 */
export type CalendarDayState = 'open' | 'full' | 'closed';

export interface CalendarDay {
  date: string;
  state: CalendarDayState;
  reason: CalendarDayReason | null;
}

/** GET /api/public/availability/month: the month's days for a party, and the window's first open day. */
export interface MonthAvailability {
  month: string;
  people: number;
  today: string;
  lastDay: string;
  days: CalendarDay[];
  /** The first day from today on with a time for the party; null when none in the whole window. */
  firstOpenDay: string | null;
}

/** The day's state for a party of `people`, from its availability as the form reads it. */
export function calendarDay(day: Pick<PacedAvailability, 'date' | 'bookable' | 'closedReason' | 'slots'>, people: number): CalendarDay {
  if (!day.bookable) return { date: day.date, state: 'closed', reason: day.closedReason };
  const free = day.slots.filter((slot) => slot.available);
  if (free.length === 0) return { date: day.date, state: 'closed', reason: 'no_times' };
  const takes = free.some((slot) => slotTakes(slot, people));
  return { date: day.date, state: takes ? 'open' : 'full', reason: null };
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** Every date of a 'YYYY-MM' month, in order. */
export function monthDates(month: string): string[] {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  const [year, monthNumber] = [Number(match[1]), Number(match[2])];
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const first = `${month}-01`;
  return Array.from({ length }, (_, index) => addDays(first, index));
}

/** The 'YYYY-MM' month after `month`. */
export function nextMonth(month: string): string {
  const last = monthDates(month).at(-1)!;
  return addDays(last, 1).slice(0, 7);
}
