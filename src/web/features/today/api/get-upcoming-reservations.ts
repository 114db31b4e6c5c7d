import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReservation } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

export const upcomingReservationsQueryKey = liveKey('reservations', 'upcoming');

/** From tomorrow (Madrid) on, by date and time. */
export function getUpcomingReservations(signal?: AbortSignal): Promise<AdminReservation[]> {
  return apiFetch<AdminReservation[]>('/api/admin/reservations/upcoming', { signal });
}

export const upcomingReservationsQueryOptions = () =>
  queryOptions({
    queryKey: upcomingReservationsQueryKey,
    queryFn: ({ signal }) => getUpcomingReservations(signal),
    staleTime: 0,
  });

/** Only asked while the dialog is open. */
export function useUpcomingReservations(enabled: boolean) {
  return useQuery({ ...upcomingReservationsQueryOptions(), enabled });
}
