// Which reservation holds a table, and when. A reservation occupies its tables from its time for the configured
// reservation duration: [start, start + duration); a party marked 'Llegó' before its time holds them from its
// arrival instead, until the same end (issue 52, decision 066). Intervals are measured in minutes on a continuous calendar so a
// late reservation running past midnight still meets the next day's early one.
import type { ArrivalStatus, ReservationStatus } from '../schemas/reservation.ts';
import { madridNowTime, madridToday, timeToMinutes } from './madrid-time.ts';

const MINUTES_PER_DAY = 24 * 60;
const DAY_MS = 24 * 60 * 60_000;

export const TABLE_STATES = ['free', 'reserved', 'seated', 'late', 'overTime'] as const;
export type TableState = (typeof TABLE_STATES)[number];

export interface SeatingSlot {
  reservationDate: string;
  reservationTime: string;
}

export interface Interval {
  start: number;
  end: number;
}

/**
 * Cancelled reservations never hold a table; a completed one has left and a no-show never came, so both free it.
 * Pending and confirmed reservations hold it.
 */
export function holdsTables(reservation: { status: ReservationStatus; arrivalStatus: ArrivalStatus }): boolean {
  if (reservation.status !== 'pending' && reservation.status !== 'confirmed') return false;
  return reservation.arrivalStatus !== 'no_show';
}

/** Minutes since 1970-01-01 of a calendar date and wall-clock time; no time zone involved. */
export function slotMinute(date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const days = Math.round(Date.UTC(year!, month! - 1, day!) / DAY_MS);
  return days * MINUTES_PER_DAY + timeToMinutes(time);
}

/** A booking's slot with its party's arrival: the instant staff marked 'Llegó' (an ISO text as the API sends it). */
export interface HeldSlot extends SeatingSlot {
  arrivalStatus?: ArrivalStatus;
  arrivedAt?: Date | string | null;
}

/**
 * The minute a booking starts holding its tables: its time, or its party's arrival when they were marked 'Llegó'
 * earlier on the booking's day. An arrival marked on another day (a mistake) does not move it.
 */
export function holdStart(slot: HeldSlot): number {
  const booked = slotMinute(slot.reservationDate, slot.reservationTime);
  if (slot.arrivalStatus !== 'arrived' || !slot.arrivedAt) return booked;
  const arrival = new Date(slot.arrivedAt);
  if (madridToday(arrival) !== slot.reservationDate) return booked;
  return Math.min(booked, slotMinute(slot.reservationDate, madridNowTime(arrival)));
}

/** [holdStart, booked time + duration): an early arrival takes the table sooner, never for longer. */
export function occupiedInterval(slot: HeldSlot, durationMinutes: number): Interval {
  return { start: holdStart(slot), end: slotMinute(slot.reservationDate, slot.reservationTime) + durationMinutes };
}

/** Half-open intervals: one ending at 15:00 and another starting at 15:00 do not overlap. */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

export function slotsOverlap(a: SeatingSlot, b: SeatingSlot, durationMinutes: number): boolean {
  return intervalsOverlap(occupiedInterval(a, durationMinutes), occupiedInterval(b, durationMinutes));
}

/** The state a table shows for the reservation holding it: arrived → seated, delayed → late, otherwise reserved. */
export function occupiedState(arrivalStatus: ArrivalStatus): Exclude<TableState, 'free'> {
  if (arrivalStatus === 'arrived') return 'seated';
  if (arrivalStatus === 'delayed') return 'late';
  return 'reserved';
}

export interface SeatedReservation extends HeldSlot {
  status: ReservationStatus;
  arrivalStatus: ArrivalStatus;
  numberOfPeople?: number;
}

/** How long a reservation holds its tables: one duration for all, or by party size ('Por mesas', issue 21). */
export type Stay = number | ((party: number) => number);
export const stayOf = (stay: Stay, party: number | undefined) => (typeof stay === 'number' ? stay : stay(party ?? 1));

/** A confirmed guest not marked as arrived this long after their time is late (issue 22). */
export const LATE_AFTER_MINUTES = 15;

/** What the service view's clock says about a booking at `now`: late, or over its time, by so many minutes. */
export interface ServiceTimer {
  kind: 'late' | 'overTime';
  minutes: number;
}

/**
 * 'late': confirmed, not yet arrived (nor marked as not coming), LATE_AFTER_MINUTES or more past its time, by the
 * minutes since its time; 'overTime': arrived and still seated past its stay (the turn time in 'Por mesas', the
 * duración otherwise), by the minutes past it. `now` is Madrid's wall time.
 */
export function serviceTimer(
  booking: SeatingSlot & { status: ReservationStatus; arrivalStatus: ArrivalStatus; numberOfPeople?: number },
  now: SeatingSlot,
  stay: Stay,
): ServiceTimer | null {
  if (booking.status !== 'confirmed') return null;
  const elapsed = slotMinute(now.reservationDate, now.reservationTime) - slotMinute(booking.reservationDate, booking.reservationTime);
  if (booking.arrivalStatus === 'arrived') {
    const over = elapsed - stayOf(stay, booking.numberOfPeople);
    return over >= 0 ? { kind: 'overTime', minutes: over } : null;
  }
  if (booking.arrivalStatus === 'pending' || booking.arrivalStatus === 'delayed') {
    return elapsed >= LATE_AFTER_MINUTES ? { kind: 'late', minutes: elapsed } : null;
  }
  return null;
}

/** The reservation that holds a table at the moment, among those seated at it; null when the table is free. */
export function reservationAt<R extends SeatedReservation>(seatedHere: readonly R[], moment: SeatingSlot, stay: Stay): R | null {
  const at = slotMinute(moment.reservationDate, moment.reservationTime);
  return (
    seatedHere.find((reservation) => {
      if (!holdsTables(reservation)) return false;
      const { start, end } = occupiedInterval(reservation, stayOf(stay, reservation.numberOfPeople));
      return start <= at && at < end;
    }) ?? null
  );
}

/** Seats enough for the party? Larger parties are allowed (chairs can be added) but deserve a warning. */
export function lacksSeats(numberOfPeople: number, seats: readonly number[]): boolean {
  return seats.length > 0 && numberOfPeople > seats.reduce((sum, count) => sum + count, 0);
}
