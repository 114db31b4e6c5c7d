import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminReservationSchema, type AdminReservation, type reservationEditSchema } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';

export type ReservationEdit = z.output<typeof reservationEditSchema>;

/** PATCH /api/admin/reservations/:id; 409 'stale' when someone changed it since `revision`, 'closed' or '*_full' to override. */
export function editReservation({ id, edit }: { id: string; edit: ReservationEdit }): Promise<AdminReservation> {
  return apiFetch(`/api/admin/reservations/${encodeURIComponent(id)}`, { method: 'PATCH', body: edit, schema: adminReservationSchema });
}

/** Every reservations query and the tables it may have moved are asked again, whatever the answer. */
export function useEditReservation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editReservation, onSettled: () => queryClient.invalidateQueries() });
}
