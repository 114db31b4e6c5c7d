import { and, asc, between, eq, ne, sql } from 'drizzle-orm';
import type { BookedCovers } from '@shared/rules/pacing.ts';
import type { Executor } from '../../db/client.ts';
import {
  dailyReservationPauses,
  dateExceptions,
  mondayExceptions,
  operatingHours,
  reservations,
  timeBlocks,
} from '../../db/schema.ts';

export async function hoursOfWeekday(db: Executor, weekday: number) {
  const [row] = await db.select().from(operatingHours).where(eq(operatingHours.dayOfWeek, weekday)).limit(1);
  return row ?? null;
}

export async function isMondayOpened(db: Executor, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mondayExceptions.id })
    .from(mondayExceptions)
    .where(and(eq(mondayExceptions.exceptionDate, date), eq(mondayExceptions.isOpen, true)))
    .limit(1);
  return row !== undefined;
}

export async function isDayClosed(db: Executor, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dateExceptions.id })
    .from(dateExceptions)
    .where(and(eq(dateExceptions.exceptionDate, date), eq(dateExceptions.isClosed, true)))
    .limit(1);
  return row !== undefined;
}

export function blocksOfDate(db: Executor, date: string) {
  return db
    .select({ startTime: timeBlocks.startTime, endTime: timeBlocks.endTime })
    .from(timeBlocks)
    .where(and(eq(timeBlocks.date, date), eq(timeBlocks.isBlocked, true)));
}

export async function activePauseOf(db: Executor, date: string) {
  const [row] = await db
    .select({ startTime: dailyReservationPauses.startTime, endTime: dailyReservationPauses.endTime })
    .from(dailyReservationPauses)
    .where(and(eq(dailyReservationPauses.pauseDate, date), eq(dailyReservationPauses.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function closedDatesBetween(db: Executor, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ date: dateExceptions.exceptionDate })
    .from(dateExceptions)
    .where(and(eq(dateExceptions.isClosed, true), between(dateExceptions.exceptionDate, from, to)))
    .orderBy(asc(dateExceptions.exceptionDate));
  return rows.map((row) => row.date);
}

export async function openedMondaysBetween(db: Executor, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ date: mondayExceptions.exceptionDate })
    .from(mondayExceptions)
    .where(and(eq(mondayExceptions.isOpen, true), between(mondayExceptions.exceptionDate, from, to)))
    .orderBy(asc(mondayExceptions.exceptionDate));
  return rows.map((row) => row.date);
}

/** The people booked on a date per time and status; `exceptId` leaves one reservation out (the one a change replaces). */
export function coversBookedOn(db: Executor, date: string, exceptId?: string): Promise<BookedCovers[]> {
  return db
    .select({
      time: reservations.reservationTime,
      status: reservations.status,
      covers: sql<number>`sum(${reservations.numberOfPeople})`.mapWith(Number),
    })
    .from(reservations)
    .where(and(eq(reservations.reservationDate, date), exceptId ? ne(reservations.id, exceptId) : undefined))
    .groupBy(reservations.reservationTime, reservations.status);
}
