import { useMemo } from 'react';
import { useReservationTables } from './api/get-reservation-tables';
import { useTables } from './api/get-tables';

// The tables of the day's bookings, by name, for the Reservas tab's rows. Choosing them is reservation-table-choice.tsx.

/**
 * The names of each booking's tables on a day, for the service view's rows; null until both lists are known, and for
 * a restaurant without a table map (a row would only ever say 'Sin mesa').
 */
export function useTableNamesOfDay(date: string): ((reservationId: string) => string[]) | null {
  const byReservation = useReservationTables(date).data;
  const list = useTables().data;
  return useMemo(() => {
    if (!byReservation || !list?.length) return null;
    const nameOf = new Map(list.map((table) => [table.id, table.name]));
    return (reservationId: string) => (byReservation.get(reservationId) ?? []).flatMap((id) => nameOf.get(id) ?? []);
  }, [byReservation, list]);
}
