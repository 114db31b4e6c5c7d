import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import type { ActiveReservationsQuery } from '@shared/schemas/closures';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

export function getActiveReservations(query: ActiveReservationsQuery, signal?: AbortSignal): Promise<AdminReservation[]> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return apiFetch<AdminReservation[]>(`/api/admin/reservations/active?${params}`, { signal });
}

/** Asked for once the date (and, for a window, both times) are chosen. */
export function useActiveReservations(query: ActiveReservationsQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: liveKey('reservations', 'active', query),
      queryFn: ({ signal }) => getActiveReservations(query!, signal),
      enabled: query !== null,
      staleTime: 0,
    }),
  );
}
