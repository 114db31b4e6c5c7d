import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isValidDate, isValidTime } from '@shared/rules/madrid-time';
import type { TableChoiceRow, TableStatesQuery } from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

/** GET /api/admin/table-states: each table's state for a party at a date and time, the free ones that fit first. */
export function getTableStates(query: TableStatesQuery, signal?: AbortSignal): Promise<TableChoiceRow[]> {
  const params = new URLSearchParams({ date: query.date, time: query.time, people: String(query.people) });
  if (query.reservationId) params.set('reservationId', query.reservationId);
  return apiFetch<TableChoiceRow[]>(`/api/admin/table-states?${params}`, { signal });
}

/** Nothing is fetched until the date, time and party are complete; a seating, a booking or a table change refreshes it. */
export function useTableStates(query: { date: string; time: string; people: number; reservationId?: string }) {
  const complete = isValidDate(query.date) && isValidTime(query.time) && Number.isInteger(query.people) && query.people > 0;
  return useQuery({
    queryKey: liveKey('reservation_tables', 'states', query),
    queryFn: ({ signal }) => getTableStates(query, signal),
    meta: liveMeta('reservations', 'tables', 'table_combinations'),
    enabled: complete,
    placeholderData: keepPreviousData,
  });
}
