// GET /api/public/availability/month (issue 25): a month of the booking calendar in a few reads, the same rule as a
// single date's availability (service.ts#getPublicAvailability) applied to each of its days.
import { BOOKING_WINDOW_DAYS } from '@shared/limits.ts';
import { computeAvailability, type DayHours, type TimeBlock } from '@shared/rules/availability.ts';
import { calendarDay, type MonthAvailability, monthDates, nextMonth } from '@shared/rules/calendar-days.ts';
import { addDays, dayOfWeek, madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import type { PacedAvailability } from '@shared/rules/pacing.ts';
import type { LiveTable } from '@shared/schemas/api.ts';
import type { Executor } from '../../db/client.ts';
import { type ChangeCache, changeCache } from '../../platform/change-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ChangeBus } from '../../platform/events.ts';
import { getRestaurantConfig, MissingConfigError } from '../settings/service.ts';
import { FLOOR_TABLES, type SeatableCache, slotsOfDays } from '../capacity/service.ts';
import * as q from './queries.ts';

/** Everything a day's availability reads: the floor's tables and the calendar's. */
const CALENDAR_TABLES: ReadonlySet<LiveTable> = new Set([
  ...FLOOR_TABLES,
  'operating_hours',
  'date_exceptions',
  'monday_exceptions',
  'time_blocks',
  'daily_reservation_pauses',
]);

/** The month answers of this instance, kept until a change to what they read (see changeCache). */
export const monthCache = (changes: ChangeBus): ChangeCache => changeCache(changes, CALENDAR_TABLES, 200);

interface MonthCaches {
  months: ChangeCache;
  seatable: SeatableCache;
}

/**
 * The days of `month` for a party of `people`, and the window's first day with a time for them. A month's days do
 * not depend on the party (each slot carries its room), so they are kept once per month; the minute is part of the
 * key because today's past times close as the clock moves.
 */
export async function getMonthAvailability(
  db: Executor,
  clock: Clock,
  month: string,
  people: number,
  caches: MonthCaches,
): Promise<MonthAvailability> {
  const now = clock.now();
  const today = madridToday(now);
  const lastDay = addDays(today, BOOKING_WINDOW_DAYS);
  const minute = `${today} ${madridNowTime(now)}`;
  // A month outside the window is all closed: answered without a read and not kept, so that anyone's junk months
  // cannot push the window's out of the cache.
  const daysOf = (wanted: string) =>
    wanted < today.slice(0, 7) || wanted > lastDay.slice(0, 7)
      ? Promise.resolve(monthDates(wanted).map((date) => outsideWindow(date, today)))
      : caches.months.get(`${minute} ${wanted}`, () => monthAvailability(db, now, wanted, caches.seatable));

  const days = (await daysOf(month)).map((day) => calendarDay(day, people));
  let firstOpenDay: string | null = null;
  for (let scanned = today.slice(0, 7); firstOpenDay === null && scanned <= lastDay.slice(0, 7); scanned = nextMonth(scanned)) {
    const open = scanned === month ? days : (await daysOf(scanned)).map((day) => calendarDay(day, people));
    firstOpenDay = open.find((day) => day.state === 'open')?.date ?? null;
  }
  return { month, people, today, lastDay, days, firstOpenDay };
}

const outsideWindow = (date: string, today: string): PacedAvailability => ({
  date,
  bookable: false,
  closedReason: date < today ? 'past' : 'beyond_window',
  closedTitle: null,
  closedMessage: null,
  slots: [],
});

/**
 * Each day of a month that overlaps the window as getPublicAvailability would answer it, the days outside the window
 * closed.
 */
async function monthAvailability(db: Executor, now: Date, month: string, seatable: SeatableCache): Promise<PacedAvailability[]> {
  const today = madridToday(now);
  const dates = monthDates(month);
  const inWindow = dates.filter((date) => date >= today && date <= addDays(today, BOOKING_WINDOW_DAYS));
  const [from, to] = [inWindow[0]!, inWindow.at(-1)!];

  const config = await getRestaurantConfig(db);
  const [calendar, blocks, pause] = await Promise.all([
    q.closureCalendar(db, from, to),
    q.timeBlocksBetween(db, from, to),
    q.activePauseOf(db, today),
  ]);
  if (!calendar) throw new MissingConfigError();
  const hours = new Map<number, DayHours>(calendar.hours.map(({ dayOfWeek: weekday, ...dayHours }) => [weekday, dayHours]));
  const closed = new Set(calendar.closedDates);
  const opened = new Set(calendar.openedMondays);
  const blocksOf = groupByDate<TimeBlock>(blocks);

  const days = inWindow.map((date) =>
    computeAvailability({
      date,
      now,
      openingTime: config.openingTime,
      closingTime: config.closingTime,
      reservationsPaused: config.reservationsPaused,
      hours: hours.get(dayOfWeek(date)) ?? null,
      mondayOpened: opened.has(date),
      closedDay: closed.has(date),
      timeBlocks: blocksOf.get(date) ?? [],
      pause: date === today ? pause : null,
    }),
  );
  const withCapacity = await slotsOfDays(db, config, days, { from, to }, seatable);
  const byDate = new Map(withCapacity.map((day) => [day.date, day]));
  return dates.map((date) => byDate.get(date) ?? outsideWindow(date, today));
}

function groupByDate<T>(rows: ReadonlyArray<T & { date: string }>): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const { date, ...row } of rows) {
    const list = grouped.get(date) ?? [];
    list.push(row as unknown as T);
    grouped.set(date, list);
  }
  return grouped;
}
