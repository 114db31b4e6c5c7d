// Capacity from the real tables (issue 21): the floor and a date's holds read from the database, then
// shared/rules/table-capacity.ts decides. In 'Por mesas' a guest is offered a time, and a request is accepted, only
// when a table or a combination is free for the whole stay; the request is seated there at once.
import { and, asc, eq, sql } from 'drizzle-orm';
import { PUBLIC_PARTY_MAX } from '@shared/limits.ts';
import { occupiedInterval, slotMinute } from '@shared/rules/seating.ts';
import type { ArrivalStatus } from '@shared/schemas/reservation.ts';
import {
  bestFreeOption,
  type Floor,
  type FloorTable,
  holdsByTable,
  placeUnassigned,
  type SeatingOption,
  type SeatingScope,
  seatingOptions,
  type TableCombination,
  type TableHold,
  type UnassignedParty,
} from '@shared/rules/table-capacity.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { reservationTables, tableCombinations, tableCombinationTables, tables, zones } from '../../db/schema.ts';
import { changeNotice } from '../../platform/events.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { floorHoldsJson } from './holds.ts';
import { lockDate } from './locks.ts';
import { type CapacityConfig as Config, capacityFor } from './mode.ts';
import type { SeatableCache } from './seatable-cache.ts';
import { jsonOf, rowsOf } from '../../db/rows.ts';

interface FloorRead {
  tables: Array<FloorTable & { online: boolean }>;
  combinations: TableCombination[];
  /** What holds the date's floor (holds.ts#floorHoldsJson). */
  holdings: Array<{ time: string; party: number; tableIds: string[] | null; arrivalStatus: ArrivalStatus; arrivedAt: string | null }>;
}

/**
 * The active tables (with whether guests may book their zone online), the combinations, and the date's holding
 * bookings, in one statement: a booking reads them under the date's lock, so each round trip is time the lock is
 * held (PERFORMANCE.md, scenario 1b). `except` leaves one booking out (the one being seated). No date: no holdings.
 */
export async function readFloor(db: Executor, date: string | null, except?: string): Promise<FloorRead> {
  const [row] = await rowsOf<Record<keyof FloorRead, unknown>>(
    db,
    sql`
    select
      coalesce((
        select json_agg(json_build_object('id', t.id, 'zoneId', t.zone_id, 'maxParty', t.seats, 'minParty', t.min_party,
                                          'walkInOnly', t.walk_in_only, 'order', t.table_number, 'online', z.online_bookable))
          from ${tables} t join ${zones} z on z.id = t.zone_id
         where t.is_active), '[]') as "tables",
      coalesce((
        select json_agg(json_build_object('id', c.id, 'minParty', c.min_party, 'maxParty', c.max_party, 'tableIds',
                                          (select json_agg(ct.table_id) from ${tableCombinationTables} ct where ct.combination_id = c.id)))
          from ${tableCombinations} c), '[]') as "combinations",
      ${date === null ? sql`'[]'::json` : floorHoldsJson(date, except)} as "holdings"`,
  );
  return {
    tables: jsonOf<FloorRead['tables']>(row!.tables),
    combinations: jsonOf<FloorRead['combinations']>(row!.combinations).filter((combination) => combination.tableIds !== null),
    holdings: jsonOf<FloorRead['holdings']>(row!.holdings),
  };
}

/** The floor as the rules read it, and the zones a guest may book online. */
function floorOf(read: FloorRead): { floor: Floor; onlineZones: Set<string> } {
  const floor: Floor = { tables: read.tables.map(({ online: _online, ...table }) => table), combinations: read.combinations };
  return { floor, onlineZones: new Set(read.tables.filter((table) => table.online).map((table) => table.zoneId)) };
}

/**
 * What the date's bookings hold: the tables of those seated, and a best-fit place for those without tables yet.
 * `except` leaves one booking out (the one being seated).
 */
async function floorAndHolds(db: Executor, config: Config, date: string, except?: string) {
  const read = await readFloor(db, date, except);
  const { floor, onlineZones } = floorOf(read);
  const stay = capacityFor(config).stayMinutes;
  const holds: TableHold[] = [];
  const unassigned: UnassignedParty[] = [];
  for (const row of read.holdings) {
    const interval = occupiedInterval({ reservationDate: date, reservationTime: row.time, ...row }, stay(row.party));
    if (row.tableIds && row.tableIds.length > 0) holds.push({ tableIds: row.tableIds, interval });
    else unassigned.push({ party: row.party, interval });
  }
  return { floor, onlineZones, holds: placeUnassigned(floor, holds, unassigned) };
}

/**
 * Every change that assigns tables on a date takes this lock first (locks.ts), so two bookings on two instances never
 * get the same table for overlapping times; it is held until the caller's transaction ends.
 */
export const lockFloorDate = (tx: Executor, date: string) => lockDate(tx, date, { floor: true });

export interface TableRequest {
  date: string;
  time: string;
  party: number;
  /**
   * 'online': a guest, kept to the zones open online; 'staff': every zone; 'walk_in': a party at the door, every zone
   * and the tables kept 'Solo sin reserva' too, those first.
   */
  channel: 'online' | 'staff' | 'walk_in';
  /** A guest's preferred zone: tried first, the other open zones after. */
  preferredZoneId?: string | null;
  /** The caller has taken the date's floor lock already. */
  floorLocked?: boolean;
}

/** The best table or combination free for the request's whole stay, under the date's lock; null when none is. */
export async function findTables(tx: Transaction, config: Config, request: TableRequest, except?: string): Promise<SeatingOption | null> {
  if (!request.floorLocked) await lockFloorDate(tx, request.date);
  const { floor, onlineZones, holds } = await floorAndHolds(tx, config, request.date, except);
  const scope: SeatingScope = request.channel === 'online' ? { zoneIds: onlineZones } : { walkIn: request.channel === 'walk_in' };
  const start = slotMinute(request.date, request.time);
  const interval = { start, end: start + capacityFor(config).stayMinutes(request.party) };
  const held = holdsByTable(holds);
  if (scope.walkIn) {
    const options = seatingOptions(floor, request.party, scope);
    const walkInOnly = new Set(floor.tables.filter((table) => table.walkInOnly).map((table) => table.id));
    const kept = options.filter((option) => option.tableIds.every((id) => walkInOnly.has(id)));
    return bestFreeOption(kept, held, interval) ?? bestFreeOption(options, held, interval);
  }
  const preferred = request.preferredZoneId;
  if (preferred && (scope.zoneIds?.has(preferred) ?? true)) {
    const there = bestFreeOption(seatingOptions(floor, request.party, { zoneIds: new Set([preferred]) }), held, interval);
    if (there) return there;
  }
  return bestFreeOption(seatingOptions(floor, request.party, scope), held, interval);
}

/**
 * Seats a new booking at the tables found for it (in the caller's transaction, which holds the date's lock), and
 * records the change in the same statement: one round trip less while the date's lock is held.
 */
export async function holdTables(tx: Executor, reservationId: string, tableIds: readonly string[]): Promise<void> {
  const rows = sql.join(tableIds.map((tableId) => sql`(${reservationId}::uuid, ${tableId}::uuid)`), sql`, `);
  const notice = changeNotice({ table: 'reservation_tables', action: 'insert', id: reservationId });
  await tx.execute(sql`
    with seated as (insert into ${reservationTables} (reservation_id, table_id) values ${rows} returning 1)
    select ${notice} from (select count(*) from seated) as written`);
}

/**
 * A booking confirmed without tables (made before 'Por mesas', or by staff when none was free) is seated at the best
 * free table of any zone when one is free now; otherwise it stays as it is.
 */
export async function seatIfUnseated(
  tx: Transaction,
  reservation: { id: string; reservationDate: string; reservationTime: string; numberOfPeople: number },
): Promise<void> {
  const config = await getRestaurantConfig(tx);
  if (!capacityFor(config).assignsTables) return;
  const [seated] = await tx.select({ id: reservationTables.tableId }).from(reservationTables).where(eq(reservationTables.reservationId, reservation.id)).limit(1);
  if (seated) return;
  const request = { date: reservation.reservationDate, time: reservation.reservationTime, party: reservation.numberOfPeople, channel: 'staff' as const };
  const seating = await findTables(tx, config, request, reservation.id);
  if (seating) await holdTables(tx, reservation.id, seating.tableIds);
}

/**
 * For the guest form: at each time, the party sizes (1 to the form's maximum) a table or combination open online
 * can still seat for the whole stay. `except`: a reservation whose tables count as free (the one a change replaces).
 */
export async function seatablePartiesOn(
  db: Executor,
  config: Config,
  date: string,
  times: readonly string[],
  cache?: SeatableCache,
  except?: string,
): Promise<Map<string, number[]>> {
  const compute = () => computeSeatable(db, config, date, times, except);
  // The cache is shared by every guest: a view that leaves one reservation out is computed for itself.
  return cache && !except ? cache.get(`${date} ${times.join(',')}`, compute) : compute();
}

async function computeSeatable(db: Executor, config: Config, date: string, times: readonly string[], except?: string): Promise<Map<string, number[]>> {
  const { floor, onlineZones, holds } = await floorAndHolds(db, config, date, except);
  const held = holdsByTable(holds);
  const byParty = Array.from({ length: PUBLIC_PARTY_MAX }, (_, index) => seatingOptions(floor, index + 1, { zoneIds: onlineZones }));
  const stay = capacityFor(config).stayMinutes;
  const result = new Map<string, number[]>();
  for (const time of times) {
    const start = slotMinute(date, time);
    result.set(
      time,
      byParty.flatMap((options, index) => {
        const party = index + 1;
        return bestFreeOption(options, held, { start, end: start + stay(party) }) ? [party] : [];
      }),
    );
  }
  return result;
}

/** The floor and the tables a guest may book online, whatever is booked: what could ever seat a party. */
export async function onlineFloor(db: Executor): Promise<{ floor: Floor; scope: SeatingScope }> {
  const { floor, onlineZones } = floorOf(await readFloor(db, null));
  return { floor, scope: { zoneIds: onlineZones } };
}

/** What the floor says about one party at one time, for '¿Por qué está completo?'. */
export interface FloorReport {
  /** A table or combination open online is free for the whole stay. */
  fits: boolean;
  /** Some table or combination takes that many people at all (free or not, online or not). */
  anyOption: boolean;
  stayMinutes: number;
  /** Zones staff keep off the online form, and tables kept for walk-ins, by name. */
  staffOnlyZones: string[];
  walkInTables: string[];
}

export async function floorReport(db: Executor, config: Config, request: Omit<TableRequest, 'channel'>): Promise<FloorReport> {
  const { floor, onlineZones, holds } = await floorAndHolds(db, config, request.date);
  const held = holdsByTable(holds);
  const stay = capacityFor(config).stayMinutes(request.party);
  const start = slotMinute(request.date, request.time);
  const fits = bestFreeOption(seatingOptions(floor, request.party, { zoneIds: onlineZones }), held, { start, end: start + stay }) !== null;
  const everyTable = { ...floor, tables: floor.tables.map((table) => ({ ...table, walkInOnly: false })) };
  const names = await db
    .select({ table: tables.name, walkInOnly: tables.walkInOnly, zone: zones.name, online: zones.onlineBookable })
    .from(tables)
    .innerJoin(zones, eq(zones.id, tables.zoneId))
    .where(eq(tables.isActive, true))
    .orderBy(asc(tables.tableNumber));
  return {
    fits,
    anyOption: seatingOptions(everyTable, request.party).length > 0,
    stayMinutes: stay,
    staffOnlyZones: [...new Set(names.filter((row) => !row.online).map((row) => row.zone))],
    walkInTables: names.filter((row) => row.walkInOnly).map((row) => row.table),
  };
}

/** The zones a guest may prefer: open online, with a table bookable ahead; listed only when there are two or more. */
export async function preferableZones(db: Executor): Promise<Array<{ id: string; name: string }>> {
  const rows = await db
    .selectDistinct({ id: zones.id, name: zones.name, position: zones.position })
    .from(zones)
    .innerJoin(tables, eq(tables.zoneId, zones.id))
    .where(and(eq(zones.onlineBookable, true), eq(tables.isActive, true), eq(tables.walkInOnly, false)))
    .orderBy(asc(zones.position), asc(zones.name));
  return rows.length > 1 ? rows.map(({ id, name }) => ({ id, name })) : [];
}
