import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';
import { TODAY_CACHE_TIME_MS, TODAY_REFETCH_INTERVAL_MS, TODAY_STALE_TIME_MS } from '@shared/limits';

/** Every reservations query starts with the table name, so a live change of reservations refreshes it. */
export const reservationsQueryKey = liveKey('reservations');
export const todayReservationsQueryKey = liveKey('reservations', 'today');

/** Today's reservations (Madrid), pending first, then by time. Typed, not parsed: see decision 023. */
export function getTodayReservations(signal?: AbortSignal): Promise<AdminReservation[]> {
  return apiFetch<AdminReservation[]>('/api/admin/reservations/today', { signal });
}

/** Spec point 9: refetched every 30 s (stale at once, kept 5 min), besides the live changes. */
export const todayReservationsQueryOptions = () =>
  queryOptions({
    queryKey: todayReservationsQueryKey,
    // The rows carry the card in guarantee and its charge (issue 45).
    meta: liveMeta('card_guarantees', 'payment_charges'),
    queryFn: ({ signal }) => getTodayReservations(signal),
    staleTime: TODAY_STALE_TIME_MS,
    gcTime: TODAY_CACHE_TIME_MS,
    refetchInterval: TODAY_REFETCH_INTERVAL_MS,
  });

export function useTodayReservations() {
  return useQuery(todayReservationsQueryOptions());
}
