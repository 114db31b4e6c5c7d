import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationTables } from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Live changes on reservation_tables refresh every date. */
export const reservationTablesQueryKey = liveKey('reservation_tables');
export const reservationTablesOnQueryKey = (date: string) => liveKey('reservation_tables', date);

/** GET /api/admin/reservation-tables?date=: the tables of each seated reservation of the date. */
export function getReservationTables(date: string, signal?: AbortSignal): Promise<ReservationTables> {
  return apiFetch<ReservationTables>(`/api/admin/reservation-tables?date=${encodeURIComponent(date)}`, { signal });
}

/** One function for every observer: TanStack Query reuses a `select` result only while the function is the same. */
const tablesByReservation = (rows: ReservationTables) => new Map(rows.map((row) => [row.reservationId, row.tableIds]));

export const reservationTablesQueryOptions = (date: string) =>
  queryOptions({
    queryKey: reservationTablesOnQueryKey(date),
    queryFn: ({ signal }) => getReservationTables(date, signal),
    select: tablesByReservation,
  });

/** reservationId → its table ids, for one date. */
export function useReservationTables(date: string) {
  return useQuery(reservationTablesQueryOptions(date));
}
