import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationChange } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

export function getReservationChanges(id: string, signal?: AbortSignal): Promise<ReservationChange[]> {
  return apiFetch<ReservationChange[]>(`/api/admin/reservations/${id}/changes`, { signal });
}

/** Asked for while the dialog is open only. */
export function useReservationChanges(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: liveKey('reservations', 'changes', id),
      queryFn: ({ signal }) => getReservationChanges(id, signal),
      enabled,
      staleTime: 0,
    }),
  );
}
