import type { ActiveReservationsQuery } from '@shared/schemas/closures';
import { useActiveReservations } from './api/get-active-reservations';
import { AffectedList } from './closure-choice';

// The bookings a closure or a time block would hit, listed before anything is saved (issue 19); a feature's public
// entry, used by the block-day dialog and the time blocks of Configuración › Horarios.

/** Nothing until `query` is complete, and nothing when no active booking is hit. */
export function AffectedBookings({ query, intro }: { query: ActiveReservationsQuery | null; intro: { one: string; many: string } }) {
  const active = useActiveReservations(query);
  if (!active.data || active.data.length === 0) return null;
  return <AffectedList affected={active.data} intro={intro} />;
}
