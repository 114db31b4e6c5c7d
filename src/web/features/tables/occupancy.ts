import { holdsTables, occupiedState, reservationAt, type TableState } from '@shared/rules/seating';
import { turnMinutes } from '@shared/rules/table-capacity';
import type { DiningTable, SeatingDay, SeatingReservation } from '@shared/schemas/table';

export interface Moment {
  date: string;
  time: string;
}

export interface Occupancy {
  state: TableState;
  reservation: SeatingReservation | null;
}

const FREE: Occupancy = { state: 'free', reservation: null };

/** What each table shows at the moment: the reservation holding it then, coloured by its arrival. */
export function occupancyAt(
  tables: readonly DiningTable[],
  day: SeatingDay,
  links: ReadonlyMap<string, readonly string[]>,
  moment: Moment,
): Map<string, Occupancy> {
  const seatedAt = new Map<string, SeatingReservation[]>();
  for (const reservation of day.reservations) {
    for (const tableId of links.get(reservation.id) ?? []) {
      seatedAt.set(tableId, [...(seatedAt.get(tableId) ?? []), reservation]);
    }
  }
  const slot = { reservationDate: moment.date, reservationTime: moment.time };
  const turns = day.turnMinutes;
  const stay = turns ? (party: number) => turnMinutes(turns, party) : day.durationMinutes;
  return new Map(
    tables.map((table) => {
      const holder = reservationAt(seatedAt.get(table.id) ?? [], slot, stay);
      return [table.id, holder ? { state: occupiedState(holder.arrivalStatus), reservation: holder } : FREE];
    }),
  );
}

/** The date's reservations that still need a table: holding ones without any link, by time. */
export function unseatedReservations(day: SeatingDay, links: ReadonlyMap<string, readonly string[]>): SeatingReservation[] {
  return day.reservations.filter((reservation) => holdsTables(reservation) && !(links.get(reservation.id)?.length));
}

/** Colour classes per state; the text state is always shown too, so colour is never the only cue. */
export const STATE_CLASSES: Record<TableState, string> = {
  free: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  reserved: 'border-sky-600 bg-sky-100 text-sky-950',
  seated: 'border-violet-700 bg-violet-200 text-violet-950',
  late: 'border-red-600 bg-red-100 text-red-950',
};
