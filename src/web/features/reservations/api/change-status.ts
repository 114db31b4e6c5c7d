import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReservation, StatusChange } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { reservationsQueryKey } from './get-today-reservations';

export interface StatusChangeVariables {
  id: string;
  change: StatusChange;
}

/** PATCH /api/admin/reservations/:id/status; 409 when the reservation no longer allows that change. */
export function changeStatus({ id, change }: StatusChangeVariables): Promise<AdminReservation> {
  return apiFetch<AdminReservation>(`/api/admin/reservations/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: change });
}

/** Today, upcoming, pending and history all show statuses: every reservations query is asked again. */
export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsQueryKey }),
  });
}
