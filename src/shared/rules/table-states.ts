// Each table's state for one booking's time (issue 52, item 3): what 'Cambiar mesa' and the manual booking's table
// choice show. A table is occupied by another booking holding it over an overlapping stay — the very rule that
// refuses the seating (`clashOf`, which seating applies) —, too small alone for the party, or part of a combination
// that seats it; the free ones that fit come first. Intervals as in seating.ts.
import type { ArrivalStatus, ReservationStatus } from '../schemas/reservation.ts';
import { minutesToTime } from './madrid-time.ts';
import { holdsTables, type Interval, intervalsOverlap, occupiedInterval, type Stay, stayOf } from './seating.ts';

export const TABLE_CHOICE_STATES = ['free', 'combination', 'tooSmall', 'occupied'] as const;
export type TableChoiceState = (typeof TABLE_CHOICE_STATES)[number];

/** A booking seated at one of the tables, on the date or the day either side (a stay may cross midnight). */
export interface TableHolder {
  tableId: string;
  id: string;
  customerName: string;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
  status: ReservationStatus;
  arrivalStatus: ArrivalStatus;
  /** When the party was marked 'Llegó': an early arrival holds its table from then (decision 066). */
  arrivedAt: Date | string | null;
}

export interface ChoiceTable {
  id: string;
  name: string;
  seats: number;
  /** Ties go to the lower table number, as assignment does. */
  order: number;
}

export interface ChoiceCombination {
  tableIds: readonly string[];
  minParty: number;
  maxParty: number;
}

export interface TableChoice {
  tableId: string;
  name: string;
  seats: number;
  state: TableChoiceState;
  /** 'occupied': the booking holding it, and when its stay ends (HH:MM). */
  holder: { reservationId: string; customerName: string; until: string } | null;
  /** 'combination': the other tables of the smallest combination that seats the party, all free. */
  combinedWith: string[];
}

/** The first holder of one of `tableIds` whose stay overlaps `mine`; null when none does. */
export function clashOf<H extends Omit<TableHolder, 'customerName'>>(holders: readonly H[], tableIds: readonly string[], mine: Interval, stay: Stay): H | null {
  return holders.find((other) => tableIds.includes(other.tableId) && holdsTables(other) && intervalsOverlap(holdingInterval(other, stay), mine)) ?? null;
}

const holdingInterval = (holder: Omit<TableHolder, 'customerName' | 'tableId' | 'id'>, stay: Stay) =>
  occupiedInterval(holder, stayOf(stay, holder.numberOfPeople));

const RANK: Record<TableChoiceState, number> = { free: 0, combination: 1, tooSmall: 2, occupied: 3 };

/**
 * Every table's state for a booking of `party` over `mine`, `holders` being the other bookings' (the booking itself
 * left out). Sorted: free tables that fit (smallest first), then those a free combination completes, then too small,
 * then occupied; ties by table order.
 */
export function tableChoices(
  tables: readonly ChoiceTable[],
  combinations: readonly ChoiceCombination[],
  holders: readonly TableHolder[],
  request: { party: number; interval: Interval; stay: Stay },
): TableChoice[] {
  const holderOf = new Map<string, TableHolder>();
  for (const table of tables) {
    const holder = clashOf(holders, [table.id], request.interval, request.stay);
    if (holder) holderOf.set(table.id, holder);
  }
  const names = new Map(tables.map((table) => [table.id, table.name]));
  const free = (id: string) => names.has(id) && !holderOf.has(id);
  const fitting = combinations
    .filter((combination) => combination.minParty <= request.party && request.party <= combination.maxParty && combination.tableIds.every(free))
    .toSorted((a, b) => a.maxParty - b.maxParty || a.tableIds.length - b.tableIds.length);
  const choices = tables.map((table): TableChoice & { order: number } => {
    const base = { tableId: table.id, name: table.name, seats: table.seats, order: table.order, holder: null, combinedWith: [] };
    const holder = holderOf.get(table.id);
    if (holder) {
      const until = minutesToTime(holdingInterval(holder, request.stay).end % (24 * 60));
      return { ...base, state: 'occupied', holder: { reservationId: holder.id, customerName: holder.customerName, until } };
    }
    if (table.seats >= request.party) return { ...base, state: 'free' };
    const combination = fitting.find((candidate) => candidate.tableIds.includes(table.id));
    if (!combination) return { ...base, state: 'tooSmall' };
    const others = combination.tableIds.filter((id) => id !== table.id).map((id) => names.get(id)!);
    return { ...base, state: 'combination', combinedWith: others };
  });
  choices.sort((a, b) => RANK[a.state] - RANK[b.state] || (a.state === 'free' ? a.seats - b.seats : 0) || a.order - b.order);
  return choices.map(({ order: _order, ...choice }) => choice);
}
