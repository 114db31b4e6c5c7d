import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

export const pendingReservationsQueryKey = liveKey('reservations', 'pending', 'list');

/** Pending reservations from today (Madrid) on. */
export function getPendingReservations(signal?: AbortSignal): Promise<AdminReservation[]> {
  return apiFetch<AdminReservation[]>('/api/admin/reservations/pending', { signal });
}

export const pendingReservationsQueryOptions = () =>
  queryOptions({
    queryKey: pendingReservationsQueryKey,
    // The rows carry the card in guarantee and its charge (issue 45).
    meta: liveMeta('card_guarantees', 'payment_charges'),
    queryFn: ({ signal }) => getPendingReservations(signal),
    staleTime: 0,
  });

/** Only asked while the dialog is open. */
export function usePendingReservations(enabled: boolean) {
  return useQuery({ ...pendingReservationsQueryOptions(), enabled });
}
