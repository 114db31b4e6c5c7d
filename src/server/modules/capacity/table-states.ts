// Each table's state for one booking's time (issue 52, item 3): the tables, their combinations and the bookings
// seated around the date read here, then shared/rules/table-states.ts decides. Seating's refusal of a taken table
// reads the same holders (`tableHoldersNear`), so the list and the refusal never disagree.
import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { addDays } from '@shared/rules/madrid-time.ts';
import { slotMinute } from '@shared/rules/seating.ts';
import { type TableChoice, tableChoices, type TableHolder } from '@shared/rules/table-states.ts';
import type { Executor } from '../../db/client.ts';
import { reservations, reservationTables, tables } from '../../db/schema.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { readFloor } from './floor.ts';
import { capacityFor } from './mode.ts';

/** A reservation as seating shows it (shared seatingReservationSchema); a guest's history adds to it. */
export const seatingReservationColumns = {
  id: reservations.id,
  customerName: reservations.customerName,
  reservationDate: reservations.reservationDate,
  reservationTime: reservations.reservationTime,
  numberOfPeople: reservations.numberOfPeople,
  status: reservations.status,
  arrivalStatus: reservations.arrivalStatus,
};

/**
 * The bookings seated at any table (or at one of `tableIds`) on `date` or the day either side, but `except`; still
 * pending or confirmed (shared/rules/seating.ts#holdsTables decides which of them hold their tables).
 */
export async function tableHoldersNear(db: Executor, date: string, except: string | null, tableIds?: readonly string[]): Promise<TableHolder[]> {
  return db
    .select({ tableId: reservationTables.tableId, ...seatingReservationColumns, arrivedAt: reservations.arrivedAt })
    .from(reservationTables)
    .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
    .where(
      and(
        tableIds ? inArray(reservationTables.tableId, [...tableIds]) : undefined,
        except ? ne(reservations.id, except) : undefined,
        inArray(reservations.reservationDate, [addDays(date, -1), date, addDays(date, 1)]),
        notInArray(reservations.status, ['cancelled', 'completed']),
      ),
    )
    .orderBy(asc(reservations.reservationDate), asc(reservations.reservationTime));
}

/** How long each booking holds its tables: the spec's duración, or the party's turn time in 'Por mesas'. */
export const stayRule = async (db: Executor) => capacityFor(await getRestaurantConfig(db)).stayMinutes;

export interface TableStatesRequest {
  date: string;
  time: string;
  party: number;
  /** The booking being seated: its own tables count as free, and are listed even when no longer active. */
  reservationId?: string | undefined;
}

/** Every active table's state for a party at a date and time, the free ones that fit first. */
export async function tableStates(db: Executor, request: TableStatesRequest): Promise<TableChoice[]> {
  const [stay, floor, rows, holders, own] = await Promise.all([
    stayRule(db),
    readFloor(db, null),
    db.select({ id: tables.id, name: tables.name, seats: tables.seats, order: tables.tableNumber, isActive: tables.isActive }).from(tables),
    tableHoldersNear(db, request.date, request.reservationId ?? null),
    request.reservationId
      ? db.select({ id: reservationTables.tableId }).from(reservationTables).where(eq(reservationTables.reservationId, request.reservationId))
      : [],
  ]);
  const kept = new Set(own.map((row) => row.id));
  const listed = rows.filter((row) => row.isActive || kept.has(row.id));
  const start = slotMinute(request.date, request.time);
  const interval = { start, end: start + stay(request.party) };
  return tableChoices(listed, floor.combinations, holders, { party: request.party, interval, stay });
}
