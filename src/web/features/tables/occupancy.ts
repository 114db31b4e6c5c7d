import { holdsTables, occupiedState, reservationAt, type SeatingSlot, serviceTimer, slotMinute, type Stay, type TableState } from '@shared/rules/seating';
import { stayOfDay } from './service-timers';
import type { DiningTable, MapReservation, SeatingDay, SeatingReservation } from '@shared/schemas/table';

export interface Moment {
  date: string;
  time: string;
}

export interface Occupancy {
  state: TableState;
  reservation: MapReservation | null;
}

const FREE: Occupancy = { state: 'free', reservation: null };

/** What each table shows at the moment: the reservation holding it then, coloured by its arrival. */
export function occupancyAt(
  tables: readonly DiningTable[],
  day: SeatingDay,
  links: ReadonlyMap<string, readonly string[]>,
  moment: Moment,
  now: Moment,
): Map<string, Occupancy> {
  const seatedAt = new Map<string, MapReservation[]>();
  for (const reservation of day.reservations) {
    for (const tableId of links.get(reservation.id) ?? []) {
      seatedAt.set(tableId, [...(seatedAt.get(tableId) ?? []), reservation]);
    }
  }
  const slot = { reservationDate: moment.date, reservationTime: moment.time };
  const stay = stayOfDay(day);
  const future = slotMinute(moment.date, moment.time) > slotMinute(now.date, now.time);
  return new Map(
    tables.map((table) => {
      const seated = seatedAt.get(table.id) ?? [];
      // A party seated past its stay still has the table until staff mark it completed; a moment still to come
      // shows the table as it is planned.
      const overstay = future ? undefined : seated.find((reservation) => serviceTimer(reservation, slot, stay)?.kind === 'overTime');
      const holder = reservationAt(seated, slot, stay) ?? overstay;
      return [table.id, holder ? { state: stateAt(holder, slot, stay), reservation: holder } : FREE];
    }),
  );
}

/** The holder's arrival, unless the clock says more: a guest 15 minutes late, a party past its stay (issue 22). */
function stateAt(holder: MapReservation, slot: SeatingSlot, stay: Stay): TableState {
  const timer = serviceTimer(holder, slot, stay);
  if (timer?.kind === 'late') return 'late';
  if (timer?.kind === 'overTime') return 'overTime';
  return occupiedState(holder.arrivalStatus);
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
  overTime: 'border-orange-600 bg-orange-100 text-orange-950',
};
