import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReservation, ArrivalChange } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { reservationsQueryKey } from './get-today-reservations';

export interface ArrivalChangeVariables {
  id: string;
  arrivalStatus: ArrivalChange['arrivalStatus'];
  /** The revision the row showed: another session's change since then is a 409 'stale', and the row reloads. */
  revision: number;
}

/** PATCH /api/admin/reservations/:id/arrival (decision 062). */
export function changeArrival({ id, arrivalStatus, revision }: ArrivalChangeVariables): Promise<AdminReservation> {
  return apiFetch<AdminReservation>(`/api/admin/reservations/${encodeURIComponent(id)}/arrival`, {
    method: 'PATCH',
    body: { arrivalStatus, revision } satisfies ArrivalChange,
  });
}

export function useChangeArrival() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeArrival,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsQueryKey }),
  });
}
