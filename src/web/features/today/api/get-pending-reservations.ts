import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReservation } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

export const pendingReservationsQueryKey = liveKey('reservations', 'pending', 'list');

/** Pending reservations from today (Madrid) on. */
export function getPendingReservations(signal?: AbortSignal): Promise<AdminReservation[]> {
  return apiFetch<AdminReservation[]>('/api/admin/reservations/pending', { signal });
}

export const pendingReservationsQueryOptions = () =>
  queryOptions({
    queryKey: pendingReservationsQueryKey,
    queryFn: ({ signal }) => getPendingReservations(signal),
    staleTime: 0,
  });

/** Only asked while the dialog is open. */
export function usePendingReservations(enabled: boolean) {
  return useQuery({ ...pendingReservationsQueryOptions(), enabled });
}
