import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminReservation, reservationEditSchema } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';

export type ReservationEdit = z.output<typeof reservationEditSchema>;

/** PATCH /api/admin/reservations/:id; 409 'stale' when someone changed it since `revision`, 'closed' or '*_full' to override. */
export function editReservation({ id, edit }: { id: string; edit: ReservationEdit }): Promise<AdminReservation> {
  return apiFetch<AdminReservation>(`/api/admin/reservations/${encodeURIComponent(id)}`, { method: 'PATCH', body: edit });
}

/** Every reservations query and the tables it may have moved are asked again, whatever the answer. */
export function useEditReservation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editReservation, onSettled: () => queryClient.invalidateQueries() });
}
