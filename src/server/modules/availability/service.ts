import { BOOKING_WINDOW_DAYS } from '@shared/limits.ts';
import { type Availability, computeAvailability } from '@shared/rules/availability.ts';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';
import { type PacedAvailability, withRemainingCovers } from '@shared/rules/pacing.ts';
import type { BookingCalendar } from '@shared/schemas/reservation.ts';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { findRestaurantConfig } from '../settings/queries.ts';
import { MissingConfigError } from '../settings/service.ts';
import { dayPacing } from './pacing.ts';
import * as q from './queries.ts';

/** Reads everything the availability rule needs for one date (inside the caller's transaction when given one). */
export async function getAvailability(db: Executor, clock: Clock, date: string): Promise<Availability> {
  // One after the other: inside a transaction they share one connection anyway.
  const config = await findRestaurantConfig(db);
  const hours = await q.hoursOfWeekday(db, dayOfWeek(date));
  const mondayOpened = await q.isMondayOpened(db, date);
  const closedDay = await q.isDayClosed(db, date);
  const timeBlocks = await q.blocksOfDate(db, date);
  const pause = await q.activePauseOf(db, date);
  if (!config) throw new MissingConfigError();
  return computeAvailability({
    date,
    now: clock.now(),
    openingTime: config.openingTime,
    closingTime: config.closingTime,
    reservationsPaused: config.reservationsPaused,
    hours,
    mondayOpened,
    closedDay,
    timeBlocks,
    pause,
  });
}

/** The form's view of a date: its slots with the covers each can still take (null while pacing is off). */
export async function getPublicAvailability(db: Executor, clock: Clock, date: string): Promise<PacedAvailability> {
  const availability = await getAvailability(db, clock, date);
  return withRemainingCovers(availability, availability.bookable ? await dayPacing(db, date) : null);
}

export async function getBookingCalendar(db: Executor, clock: Clock): Promise<BookingCalendar> {
  const today = madridToday(clock.now());
  const lastDay = addDays(today, BOOKING_WINDOW_DAYS);
  const [config, closedDates, openedMondays] = await Promise.all([
    findRestaurantConfig(db),
    q.closedDatesBetween(db, today, lastDay),
    q.openedMondaysBetween(db, today, lastDay),
  ]);
  if (!config) throw new MissingConfigError();
  return { today, lastDay, closedDates, openedMondays, reservationsPaused: config.reservationsPaused };
}
