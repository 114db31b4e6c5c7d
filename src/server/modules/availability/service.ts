import { notificationSettingsDefaults } from '@shared/defaults.ts';
import { BOOKING_WINDOW_DAYS } from '@shared/limits.ts';
import { type Availability, computeAvailability, type StaffClosure, staffClosure } from '@shared/rules/availability.ts';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';
import type { PacedAvailability } from '@shared/rules/pacing.ts';
import type { BookingCalendar } from '@shared/schemas/reservation.ts';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { getRestaurantConfig, MissingConfigError } from '../settings/service.ts';
import { guestLockExpression, largestOnlineParty, type ReplacedReservation, type SeatableCache, slots } from '../capacity/service.ts';
import * as q from './queries.ts';
import { offeredChannel } from '../messaging/service.ts';

type DayContext = NonNullable<Awaited<ReturnType<typeof q.dayContext>>>;

/** A date's availability with the settings read alongside it, for a booking that needs both. */
export interface BookingContext {
  availability: Availability;
  config: DayContext['config'];
  notifications: NonNullable<DayContext['notifications']> | typeof notificationSettingsDefaults;
}

/**
 * Reads, in one statement, everything the availability rule and a booking need for one date. `guestLock`: a guest's
 * request takes its lock (capacity's guest lock of that email and date) in the same statement.
 */
export async function getBookingContext(db: Executor, clock: Clock, date: string, guestLock?: string): Promise<BookingContext> {
  const lock = guestLock === undefined ? undefined : guestLockExpression(date, guestLock);
  const context = await q.dayContext(db, date, dayOfWeek(date), lock);
  if (!context) throw new MissingConfigError();
  const { config } = context;
  const availability = computeAvailability({
    date,
    now: clock.now(),
    openingTime: config.openingTime,
    closingTime: config.closingTime,
    reservationsPaused: config.reservationsPaused,
    hours: context.hours,
    mondayOpened: context.mondayOpened,
    closedDay: context.closedDay,
    timeBlocks: context.timeBlocks,
    pause: context.pauseStart && context.pauseEnd ? { startTime: context.pauseStart, endTime: context.pauseEnd } : null,
  });
  return { availability, config, notifications: context.notifications ?? notificationSettingsDefaults };
}

/**
 * The form's view of a date: its open times with what capacity leaves of each (capacity's slots).
 * `replaced`: the reservation a guest asks to move, counted as a change request would be (decision 017).
 */
export async function getPublicAvailability(
  db: Executor,
  clock: Clock,
  date: string,
  replaced?: ReplacedReservation,
  seatable?: SeatableCache,
): Promise<PacedAvailability> {
  const { availability, config } = await getBookingContext(db, clock, date);
  return slots(db, config, availability, { replaced, cache: seatable });
}

/** The closure a manual reservation at that date and time would fall into (shared staffClosure); null when open. */
export async function getStaffClosure(db: Executor, date: string, time: string): Promise<StaffClosure | null> {
  const context = await q.dayContext(db, date, dayOfWeek(date));
  if (!context) throw new MissingConfigError();
  const { config, hours, closedDay, mondayOpened } = context;
  const { openingTime, closingTime, reservationsPaused } = config;
  return staffClosure({ date, openingTime, closingTime, reservationsPaused, hours, closedDay, mondayOpened }, time);
}

/** Whether staff would find a date and time closed (as getStaffClosure), for many bookings in four reads. */
export type StaffClosureCheck = (date: string, time: string) => StaffClosure | null;

/** A StaffClosureCheck for the dates from `from` to `to` (included): the lists' 'Fuera de horario' and a closure's effects. */
export async function staffClosureCheck(db: Executor, from: string, to: string): Promise<StaffClosureCheck> {
  const calendar = await q.closureCalendar(db, from, to);
  if (!calendar) throw new MissingConfigError();
  const { openingTime, closingTime } = calendar;
  const hours = new Map(calendar.hours.map(({ dayOfWeek: weekday, ...dayHours }) => [weekday, dayHours]));
  const closed = new Set(calendar.closedDates);
  const opened = new Set(calendar.openedMondays);
  return (date, time) =>
    staffClosure(
      {
        date,
        openingTime,
        closingTime,
        reservationsPaused: false,
        hours: hours.get(dayOfWeek(date)) ?? null,
        closedDay: closed.has(date),
        mondayOpened: opened.has(date),
      },
      time,
    );
}

export async function getBookingCalendar(db: Executor, clock: Clock): Promise<BookingCalendar> {
  const today = madridToday(clock.now());
  const lastDay = addDays(today, BOOKING_WINDOW_DAYS);
  const [{ config, largestParty }, closedDates, openedMondays, messagingChannel] = await Promise.all([
    getRestaurantConfig(db).then(async (config) => ({ config, largestParty: await largestOnlineParty(db, config) })),
    q.closedDatesBetween(db, today, lastDay),
    q.openedMondaysBetween(db, today, lastDay),
    offeredChannel(db),
  ]);
  return { today, lastDay, closedDates, openedMondays, reservationsPaused: config.reservationsPaused, messagingChannel, largestParty };
}
