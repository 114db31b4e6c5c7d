// Capacity from the real tables (issue 21): which table, or combination of tables, seats a party for its whole stay.
// Pure, so the server's booking check, its assignment and the availability the guest form shows are one rule.
// Intervals are minutes on a continuous calendar (seating.ts#slotMinute), half-open: [start, end).
import { intervalsOverlap, type Interval } from './seating.ts';

export interface FloorTable {
  id: string;
  zoneId: string;
  /** Seats: the largest party the table takes alone. */
  maxParty: number;
  /** The smallest party worth giving it (a 6-top is not offered to a couple). */
  minParty: number;
  /** 'Solo sin reserva': kept for walk-ins, never booked ahead. */
  walkInOnly: boolean;
  /** Ties between equal fits go to the lower number, so assignment is predictable. */
  order: number;
}

export interface TableCombination {
  id: string;
  tableIds: readonly string[];
  minParty: number;
  maxParty: number;
}

export interface Floor {
  tables: readonly FloorTable[];
  combinations: readonly TableCombination[];
}

/** Tables already held over an interval: a booking's assigned tables, or one placed by `placeUnassigned`. */
export interface TableHold {
  tableIds: readonly string[];
  interval: Interval;
}

/** One way to seat a party: a single table or a combination. */
export interface SeatingOption {
  tableIds: string[];
  combinationId: string | null;
  /** The most people it seats: best fit prefers the smallest. */
  capacity: number;
}

/** Which tables a booking may use: guests only online-bookable zones; staff every zone. Never walk-in-only tables. */
export interface SeatingScope {
  /** Zone ids the booking may use; undefined = every zone. */
  zoneIds?: ReadonlySet<string> | undefined;
  /** A party seated without a booking (issue 22) may also take the tables kept 'Solo sin reserva'. */
  walkIn?: boolean;
}

/** Turn times by party size, in minutes (Configuración › Reservas). */
export interface TurnTimes {
  upTo2: number;
  upTo4: number;
  upTo6: number;
  more: number;
}

export function turnMinutes(turns: TurnTimes, party: number): number {
  if (party <= 2) return turns.upTo2;
  if (party <= 4) return turns.upTo4;
  if (party <= 6) return turns.upTo6;
  return turns.more;
}

const usable = (table: FloorTable | undefined, scope: SeatingScope): table is FloorTable =>
  table !== undefined && (!table.walkInOnly || scope.walkIn === true) && (scope.zoneIds === undefined || scope.zoneIds.has(table.zoneId));

/**
 * Every option that seats `party` within its minimum and maximum, best fit first: the smallest capacity (keeping
 * large tables for large parties), then the fewest joined tables, then the lowest table order.
 */
export function seatingOptions(floor: Floor, party: number, scope: SeatingScope = {}): SeatingOption[] {
  const byId = new Map(floor.tables.map((table) => [table.id, table]));
  const options: (SeatingOption & { order: number })[] = [];
  for (const table of floor.tables) {
    if (usable(table, scope) && table.minParty <= party && party <= table.maxParty) {
      options.push({ tableIds: [table.id], combinationId: null, capacity: table.maxParty, order: table.order });
    }
  }
  for (const combination of floor.combinations) {
    if (party < combination.minParty || party > combination.maxParty) continue;
    const members = combination.tableIds.map((id) => byId.get(id));
    if (members.length < 2 || !members.every((table) => usable(table, scope))) continue;
    const ordered = (members as FloorTable[]).toSorted((a, b) => a.order - b.order);
    options.push({
      tableIds: ordered.map((table) => table.id),
      combinationId: combination.id,
      capacity: combination.maxParty,
      order: ordered[0]!.order,
    });
  }
  options.sort((a, b) => a.capacity - b.capacity || a.tableIds.length - b.tableIds.length || a.order - b.order);
  return options.map(({ order: _order, ...option }) => option);
}

/** The intervals each table is held for. */
export function holdsByTable(holds: readonly TableHold[]): Map<string, Interval[]> {
  const byTable = new Map<string, Interval[]>();
  for (const hold of holds) {
    for (const id of hold.tableIds) {
      const list = byTable.get(id) ?? [];
      list.push(hold.interval);
      byTable.set(id, list);
    }
  }
  return byTable;
}

const tableFree = (held: ReadonlyMap<string, readonly Interval[]>, id: string, interval: Interval) =>
  !(held.get(id) ?? []).some((other) => intervalsOverlap(other, interval));

/** The best-fitting option whose tables are all free for the whole interval, or null when none is. */
export function bestFreeOption(
  options: readonly SeatingOption[],
  held: ReadonlyMap<string, readonly Interval[]>,
  interval: Interval,
): SeatingOption | null {
  return options.find((option) => option.tableIds.every((id) => tableFree(held, id, interval))) ?? null;
}

/** A booking without tables yet (made before 'Por mesas', or by staff without a table). */
export interface UnassignedParty {
  party: number;
  interval: Interval;
}

/**
 * The holds of the assigned bookings plus a best-fit place for each unassigned one, in time order, so that a slot is
 * not offered on tables those guests will need. One that fits nowhere holds nothing (it is over capacity already).
 */
export function placeUnassigned(
  floor: Floor,
  holds: readonly TableHold[],
  unassigned: readonly UnassignedParty[],
  scope: SeatingScope = {},
): TableHold[] {
  const all = [...holds];
  const held = holdsByTable(holds);
  const optionsByParty = new Map<number, SeatingOption[]>();
  const optionsFor = (party: number) => {
    let options = optionsByParty.get(party);
    if (!options) optionsByParty.set(party, (options = seatingOptions(floor, party, scope)));
    return options;
  };
  const ordered = unassigned.toSorted((a, b) => a.interval.start - b.interval.start || b.party - a.party);
  for (const booking of ordered) {
    const option = bestFreeOption(optionsFor(booking.party), held, booking.interval);
    if (!option) continue;
    const hold = { tableIds: option.tableIds, interval: booking.interval };
    all.push(hold);
    for (const id of option.tableIds) {
      const list = held.get(id);
      if (list) list.push(booking.interval);
      else held.set(id, [booking.interval]);
    }
  }
  return all;
}

/** The table, or tables, for a new booking of `party` over `interval`, or null when nothing fits. */
export function assignTables(
  floor: Floor,
  holds: readonly TableHold[],
  party: number,
  interval: Interval,
  scope: SeatingScope = {},
): SeatingOption | null {
  return bestFreeOption(seatingOptions(floor, party, scope), holdsByTable(holds), interval);
}
