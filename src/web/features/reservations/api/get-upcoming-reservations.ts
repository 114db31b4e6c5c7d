import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

export const upcomingReservationsQueryKey = liveKey('reservations', 'upcoming');

/** From tomorrow (Madrid) on, by date and time. */
export function getUpcomingReservations(signal?: AbortSignal): Promise<AdminReservation[]> {
  return apiFetch<AdminReservation[]>('/api/admin/reservations/upcoming', { signal });
}

export const upcomingReservationsQueryOptions = () =>
  queryOptions({
    queryKey: upcomingReservationsQueryKey,
    // The rows carry the card in guarantee and its charge (issue 45).
    meta: liveMeta('card_guarantees', 'payment_charges'),
    queryFn: ({ signal }) => getUpcomingReservations(signal),
    staleTime: 0,
  });

/** Only asked while the dialog is open. */
export function useUpcomingReservations(enabled: boolean) {
  return useQuery({ ...upcomingReservationsQueryOptions(), enabled });
}
