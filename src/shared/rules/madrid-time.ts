// Business time in Europe/Madrid. Every function takes its instant explicitly; none reads the clock,
// so the server's injected clock and the tests decide what "now" is.
// Dates are 'yyyy-MM-dd' calendar dates, times 'HH:mm' wall-clock times.
import { tzOffset } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from '../limits.ts';
import { boundedMemo } from './bounded-memo.ts';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const MINUTES_PER_DAY = 24 * 60;

// The wall clock is read with Intl alone, never through a Date subclass (TZDate): a replaced global Date, such
// as Playwright's fake clock in the browser tests, returns plain Dates from `new`, which silently turned a TZDate
// into a Date in the browser's own zone. Intl reads the same in Node and in every browser.
const madridWallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface WallClock {
  date: string;
  time: string;
}

function inMadrid(now: Date): WallClock {
  const instant = now.getTime();
  if (Number.isNaN(instant)) throw new RangeError('Invalid instant');
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of madridWallClock.formatToParts(instant)) part[type] = value;
  return {
    date: `${(part.year ?? '').padStart(4, '0')}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}`,
  };
}

/** Today's calendar date in Madrid at the instant `now`. */
export function madridToday(now: Date): string {
  return inMadrid(now).date;
}

/** The Madrid wall-clock time at the instant `now`, as 'HH:mm'. */
export function madridNowTime(now: Date): string {
  return inMadrid(now).time;
}

/** True for a real calendar date written 'yyyy-MM-dd' (2026-02-30 and 2026-13-01 are not). */
export function isValidDate(s: string): boolean {
  const match = DATE_RE.exec(s);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** True for 'HH:mm' between 00:00 and 23:59 (24:00 and 9:30 are not). */
export function isValidTime(s: string): boolean {
  return TIME_RE.test(s);
}

/** Minutes since midnight: '13:30' → 810. */
export function timeToMinutes(time: string): number {
  const match = TIME_RE.exec(time);
  if (!match) throw new RangeError(`Invalid time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 810 → '13:30'; accepts 0…1439. */
export function minutesToTime(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) {
    throw new RangeError(`Invalid minutes of day: ${minutes}`);
  }
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Negative, zero or positive as `a` is before, equal to or after `b` (both 'HH:mm'). */
export function compareTime(a: string, b: string): number {
  return Math.sign(timeToMinutes(a) - timeToMinutes(b));
}

/** Calendar arithmetic: addDays('2026-03-28', 1) is '2026-03-29' whatever DST does that night. */
export function addDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Invalid day count: ${n}`);
  const utc = calendarUtc(date);
  utc.setUTCDate(utc.getUTCDate() + n);
  return `${String(utc.getUTCFullYear()).padStart(4, '0')}-${pad2(utc.getUTCMonth() + 1)}-${pad2(utc.getUTCDate())}`;
}

/** 0 Sunday … 6 Saturday, of the calendar date itself (no time zone involved). */
export function dayOfWeek(date: string): number {
  return calendarUtc(date).getUTCDay();
}

export function isMonday(date: string): boolean {
  return dayOfWeek(date) === 1;
}

/**
 * The instant at which Madrid's clocks show `time` on `date`.
 * Spring gap (e.g. 02:30 on 2026-03-29 does not exist): the time is read with the offset in force
 * before the change, which lands after the gap, shifted by its length (03:30 CEST), as Temporal's
 * 'compatible' disambiguation does. Autumn overlap (02:30 on 2026-10-25 happens twice): the first one (CEST).
 */
export function madridInstant(date: string, time: string): Date {
  return new Date(madridInstantMs(`${date}T${time}`));
}

/** Reading the zone's offsets costs microseconds, and a staff list asks for the same few times on every row. */
const madridInstantMs = boundedMemo(4096, (dateTime) => {
  const [date, time] = dateTime.split('T') as [string, string];
  const wallAsUtc = calendarUtc(date).getTime() + timeToMinutes(time) * MINUTE_MS;
  // Offsets a day either side cover any single DST change around this wall time.
  const offsetBefore = tzOffset(BUSINESS_TIME_ZONE, new Date(wallAsUtc - DAY_MS));
  const offsetAfter = tzOffset(BUSINESS_TIME_ZONE, new Date(wallAsUtc + DAY_MS));
  const matches = [offsetBefore, offsetAfter]
    .map((offset) => ({ offset, instant: wallAsUtc - offset * MINUTE_MS }))
    .filter(({ offset, instant }) => tzOffset(BUSINESS_TIME_ZONE, new Date(instant)) === offset)
    .map(({ instant }) => instant);
  if (matches.length > 0) return Math.min(...matches);
  return wallAsUtc - offsetBefore * MINUTE_MS;
});

/** `madridInstant` written as ISO 8601 with Madrid's offset then: '2026-12-05T14:00:00+01:00'. */
export function madridIsoDateTime(date: string, time: string): string {
  const instant = madridInstant(date, time);
  const offset = tzOffset(BUSINESS_TIME_ZONE, instant);
  const shown = inMadrid(instant);
  const sign = offset < 0 ? '-' : '+';
  return `${shown.date}T${shown.time}:00${sign}${pad2(Math.floor(Math.abs(offset) / 60))}:${pad2(Math.abs(offset) % 60)}`;
}

/** False for a wall-clock time the spring change skips (02:30 on 2027-03-28): no instant shows it in Madrid. */
export function existsInMadrid(date: string, time: string): boolean {
  const shown = inMadrid(madridInstant(date, time));
  return shown.date === date && shown.time === time;
}

function calendarUtc(date: string): Date {
  if (!isValidDate(date)) throw new RangeError(`Invalid date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  utc.setUTCFullYear(year, month - 1, day);
  return utc;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
