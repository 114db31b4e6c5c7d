import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeatingDay } from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';
import { TODAY_REFETCH_INTERVAL_MS } from '@shared/limits';

/** Starts with 'reservations': a live change of any reservation (new, confirmed, arrived …) refreshes the map. */
export const seatingDayQueryKey = (date: string) => liveKey('reservations', 'seating', date);

/** GET /api/admin/seating?date=: the date's reservations, by time, and the reservation duration. */
export function getSeatingDay(date: string, signal?: AbortSignal): Promise<SeatingDay> {
  return apiFetch<SeatingDay>(`/api/admin/seating?date=${encodeURIComponent(date)}`, { signal });
}

export const seatingDayQueryOptions = (date: string) =>
  queryOptions({
    queryKey: seatingDayQueryKey(date),
    queryFn: ({ signal }) => getSeatingDay(date, signal),
    // The duration lives in the settings, which send no live change this key listens to.
    refetchInterval: TODAY_REFETCH_INTERVAL_MS,
  });

export function useSeatingDay(date: string) {
  return useQuery(seatingDayQueryOptions(date));
}
