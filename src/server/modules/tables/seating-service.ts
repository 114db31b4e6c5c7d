import { asc, eq, inArray } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { type HeldSlot, holdsTables, lacksSeats, occupiedInterval } from '@shared/rules/seating.ts';
import { clashOf } from '@shared/rules/table-states.ts';
import type { ReservationTables, SeatingDay, SeatTablesResult } from '@shared/schemas/table.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { reservations, reservationTables, tableCombinationTables, tables } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { capacityFor, findTables, lockFloorDate, seatingReservationColumns, stayRule, tableHoldersNear } from '../capacity/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';

const text = tableMessages.seating;

/** The reservations of one date, by time, with the reservation duration that decides how long each holds its tables. */
export async function seatingDay(db: Database, date: string): Promise<SeatingDay> {
  const rows = await db
    .select({ ...seatingReservationColumns, arrivedAt: reservations.arrivedAt })
    .from(reservations)
    .where(eq(reservations.reservationDate, date))
    .orderBy(asc(reservations.reservationTime), asc(reservations.createdAt));
  const config = await getRestaurantConfig(db);
  const onMap = rows.map((row) => ({ ...row, arrivedAt: row.arrivedAt?.toISOString() ?? null }));
  return { date, durationMinutes: config.reservationDurationMinutes, turnMinutes: capacityFor(config).turnTimes, reservations: onMap };
}

/** The tables of every reservation of one date that has any. */
export async function reservationTablesOn(db: Database, date: string): Promise<ReservationTables> {
  const rows = await db
    .select({ reservationId: reservationTables.reservationId, tableId: reservationTables.tableId })
    .from(reservationTables)
    .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
    .innerJoin(tables, eq(tables.id, reservationTables.tableId))
    .where(eq(reservations.reservationDate, date))
    .orderBy(asc(reservations.reservationTime), asc(tables.tableNumber));
  const byReservation = new Map<string, string[]>();
  for (const row of rows) {
    const list = byReservation.get(row.reservationId) ?? [];
    list.push(row.tableId);
    byReservation.set(row.reservationId, list);
  }
  return [...byReservation].map(([reservationId, tableIds]) => ({ reservationId, tableIds }));
}

/**
 * Replaces the tables of a reservation (none = unseated) inside the caller's transaction, which has locked the
 * reservation row: seating from the map, an edit's table change, or an undo putting the tables back (issue 19). The
 * chosen table rows are locked in id order: two staff seating different guests at one table take turns, so the second
 * sees the first's seating and is refused when their times overlap. A party larger than the seats is seated with a
 * warning.
 */
export async function replaceTables(tx: Executor, reservation: Holder & { numberOfPeople: number }, requested: string[]): Promise<SeatTablesResult> {
  const tableIds = [...new Set(requested)].sort();
  // Before the table rows, as a booking's assignment takes it: a seating and an assignment on one date take turns.
  if (tableIds.length > 0) await lockFloorDate(tx, reservation.reservationDate);
  const chosen =
    tableIds.length === 0
      ? []
      : await tx
          .select({ id: tables.id, name: tables.name, seats: tables.seats, isActive: tables.isActive, minParty: tables.minParty, walkInOnly: tables.walkInOnly })
          .from(tables)
          .where(inArray(tables.id, tableIds))
          .orderBy(asc(tables.id))
          .for('update');
  if (chosen.length < tableIds.length) throw notFound(text.tableNotFound);
  const inactive = chosen.find((table) => !table.isActive);
  if (inactive) throw badRequest(formatMessage(text.inactive, { table: inactive.name }));

  if (chosen.length > 0 && holdsTables(reservation)) await refuseOverlaps(tx, reservation, chosen);

  await setTables(tx, reservation.id, tableIds);
  return { tableIds, warnings: await seatingWarnings(tx, reservation.numberOfPeople, chosen) };
}

/**
 * Staff may seat a party anywhere (issue 21: an override of the floor's rules is allowed); what it breaks is said:
 * too few seats, a walk-in-only table, a party under a table's minimum, tables joined outside a combination.
 */
async function seatingWarnings(
  tx: Executor,
  people: number,
  chosen: ReadonlyArray<{ id: string; name: string; seats: number; minParty: number; walkInOnly: boolean }>,
): Promise<string[]> {
  const seats = chosen.map((table) => table.seats);
  const warnings = lacksSeats(people, seats) ? [formatMessage(text.tooManyPeople, { people, seats: seats.reduce((a, b) => a + b, 0) })] : [];
  for (const table of chosen) {
    if (table.walkInOnly) warnings.push(formatMessage(text.walkInOnlyTable, { table: table.name }));
    if (chosen.length === 1 && people < table.minParty) warnings.push(formatMessage(text.belowMinimum, { table: table.name, min: table.minParty }));
  }
  // Combinations only mean something while the floor decides ('Por mesas'); otherwise staff join tables freely.
  const joining = chosen.length > 1 && capacityFor(await getRestaurantConfig(tx)).assignsTables;
  if (joining && !(await isCombination(tx, chosen.map((table) => table.id)))) warnings.push(text.notCombined);
  return warnings;
}

async function isCombination(tx: Executor, tableIds: readonly string[]): Promise<boolean> {
  const rows = await tx
    .select({ id: tableCombinationTables.combinationId, tableId: tableCombinationTables.tableId })
    .from(tableCombinationTables)
    .where(inArray(tableCombinationTables.combinationId, tx.select({ id: tableCombinationTables.combinationId }).from(tableCombinationTables).where(inArray(tableCombinationTables.tableId, [...tableIds]))));
  const members = new Map<string, Set<string>>();
  for (const row of rows) members.set(row.id, (members.get(row.id) ?? new Set()).add(row.tableId));
  return [...members.values()].some((set) => set.size === tableIds.length && tableIds.every((id) => set.has(id)));
}

/** The tables a reservation is seated at, by id; names for its change log. */
export async function tablesOf(db: Executor, reservationId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: tables.id, name: tables.name })
    .from(reservationTables)
    .innerJoin(tables, eq(tables.id, reservationTables.tableId))
    .where(eq(reservationTables.reservationId, reservationId))
    .orderBy(asc(tables.id));
}

/** The names of tables by id, in the order given (an edit's change log names the new tables). */
export async function tableNames(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: tables.id, name: tables.name }).from(tables).where(inArray(tables.id, ids)).orderBy(asc(tables.id));
  return rows.map((row) => row.name);
}

/** A booking being seated; its party's arrival, when known, moves the start of its hold (an early 'Llegó'). */
type Reservation = { id: string; numberOfPeople: number } & HeldSlot;
type Holder = Reservation & Parameters<typeof holdsTables>[0];

/**
 * A change to a reservation that makes it hold its tables again (a no-show who arrives after all, or a new date,
 * time or party size while seated) re-checks them as seating does: the caller has locked the reservation row, its
 * tables are locked here in id order, and an overlap with another holder is a 409 naming both (decision 017).
 */
export async function recheckTables(tx: Executor, before: Holder, after: Holder): Promise<void> {
  // A larger party may hold its tables longer ('Por mesas'): the same time with another party size is re-checked too.
  if (!holdsTables(after) || (holdsTables(before) && sameSlot(before, after))) return;
  const links = await tx
    .select({ tableId: reservationTables.tableId })
    .from(reservationTables)
    .where(eq(reservationTables.reservationId, after.id));
  if (links.length === 0) return;
  await lockFloorDate(tx, after.reservationDate);
  const held = await tx
    .select({ id: tables.id, name: tables.name })
    .from(tables)
    .where(inArray(tables.id, links.map((link) => link.tableId)))
    .orderBy(asc(tables.id))
    .for('update');
  await refuseOverlaps(tx, after, held, text.overlapOnReturn);
}

async function setTables(tx: Executor, reservationId: string, tableIds: readonly string[]): Promise<void> {
  await tx.delete(reservationTables).where(eq(reservationTables.reservationId, reservationId));
  if (tableIds.length > 0) await tx.insert(reservationTables).values(tableIds.map((tableId) => ({ reservationId, tableId })));
  await recordChange(tx, { table: 'reservation_tables', action: 'update', id: reservationId });
}

/** What a changed booking's tables became: their ids when they changed, and what staff should be told. */
export interface Refit {
  tableIds: string[] | null;
  warning: string | null;
}

/**
 * A new date, time or party size in 'Por mesas' (issue 21): the booking keeps its tables while they are free for the
 * new stay and seat the party; otherwise it moves to the best free table or combination of any zone or, when none is
 * free, is left without tables and the answer says so (staff decide, as with a manual booking). In 'Por cubiertos'
 * its tables are re-checked as seating does: an overlap is a 409.
 */
export async function refitTables(tx: Transaction, before: Holder, after: Holder): Promise<Refit> {
  const kept = { tableIds: null, warning: null };
  const config = await getRestaurantConfig(tx);
  if (!capacityFor(config).assignsTables) {
    await recheckTables(tx, before, after);
    return kept;
  }
  if (!holdsTables(after) || (holdsTables(before) && sameSlot(before, after))) return kept;
  await lockFloorDate(tx, after.reservationDate);
  const current = await tx
    .select({ id: tables.id, seats: tables.seats, isActive: tables.isActive })
    .from(tables)
    .where(inArray(tables.id, tx.select({ id: reservationTables.tableId }).from(reservationTables).where(eq(reservationTables.reservationId, after.id))))
    .orderBy(asc(tables.id))
    .for('update');
  const ids = current.map((table) => table.id);
  const seats = current.map((table) => table.seats);
  const fits = current.length > 0 && current.every((table) => table.isActive) && !lacksSeats(after.numberOfPeople, seats);
  if (fits && !(await firstClash(tx, after, ids))) return kept;
  const request = { date: after.reservationDate, time: after.reservationTime, party: after.numberOfPeople, channel: 'staff' as const };
  const found = await findTables(tx, config, request, after.id);
  if (found) {
    await setTables(tx, after.id, found.tableIds);
    return { tableIds: [...found.tableIds].sort(), warning: null };
  }
  if (current.length > 0) await setTables(tx, after.id, []);
  return { tableIds: current.length > 0 ? [] : null, warning: noFreeTableWarning(after.numberOfPeople) };
}

/** What staff are told when a booking they make or change is saved without a table: nothing was free for it. */
export const noFreeTableWarning = (people: number) =>
  people === 1 ? staffMessages.admin.noFreeTableOne : formatMessage(staffMessages.admin.noFreeTable, { people });

/** The same date, time and party size: the stay, and so what the tables must hold, is unchanged. */
const sameSlot = (before: Holder, after: Holder) =>
  before.reservationDate === after.reservationDate && before.reservationTime === after.reservationTime && before.numberOfPeople === after.numberOfPeople;

/** 409 naming the table and the guest already holding it when another reservation's time overlaps this one's. */
async function refuseOverlaps(
  tx: Executor,
  reservation: Reservation,
  chosen: Array<{ id: string; name: string }>,
  message: string = text.overlap,
) {
  const clash = await firstClash(tx, reservation, chosen.map((table) => table.id));
  if (!clash) return;
  const table = chosen.find((candidate) => candidate.id === clash.tableId)!;
  throw new AppError(
    409,
    'table_taken',
    formatMessage(message, { table: table.name, name: clash.customerName, time: clash.reservationTime }),
  );
}

/** The first other reservation holding one of `tableIds` at a time that overlaps this one's stay; null when none does. */
async function firstClash(tx: Executor, reservation: Reservation, tableIds: string[]) {
  const stay = await stayRule(tx);
  const holders = await tableHoldersNear(tx, reservation.reservationDate, reservation.id, tableIds);
  return clashOf(holders, tableIds, occupiedInterval(reservation, stay(reservation.numberOfPeople)), stay);
}
