import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationChange } from '@shared/schemas/reservation-history';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

export function getReservationChanges(id: string, signal?: AbortSignal): Promise<ReservationChange[]> {
  return apiFetch<ReservationChange[]>(`/api/admin/reservations/${id}/changes`, { signal });
}

/** Asked for while the dialog is open only. */
export function useReservationChanges(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: liveKey('reservations', 'changes', id),
      // A charge's or a refund's line (issue 45).
      meta: liveMeta('payment_charges'),
      queryFn: ({ signal }) => getReservationChanges(id, signal),
      enabled,
      staleTime: 0,
    }),
  );
}
