import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReservation, ArrivalChange } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { reservationsQueryKey } from './get-today-reservations';

export interface ArrivalChangeVariables {
  id: string;
  arrivalStatus: ArrivalChange['arrivalStatus'];
}

/** PATCH /api/admin/reservations/:id/arrival. */
export function changeArrival({ id, arrivalStatus }: ArrivalChangeVariables): Promise<AdminReservation> {
  return apiFetch<AdminReservation>(`/api/admin/reservations/${encodeURIComponent(id)}/arrival`, {
    method: 'PATCH',
    body: { arrivalStatus } satisfies ArrivalChange,
  });
}

export function useChangeArrival() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeArrival,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsQueryKey }),
  });
}
