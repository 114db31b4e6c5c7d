import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillChange } from '@shared/schemas/bill';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { reservationsQueryKey } from './get-today-reservations';

/** PUT /api/admin/reservations/:id/bill: cents, or null to clear (decision 044). */
export function setBill(id: string, billCents: number | null): Promise<AdminReservation> {
  return apiFetch<AdminReservation>(`/api/admin/reservations/${encodeURIComponent(id)}/bill`, {
    method: 'PUT',
    body: { billCents } satisfies BillChange,
  });
}

export function useSetBill(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billCents: number | null) => setBill(id, billCents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsQueryKey }),
  });
}
