import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReservation, BatchConfirm, BatchConfirmed } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { reservationsQueryKey } from './get-today-reservations';

/** POST /api/admin/reservations/confirm-batch: 'Confirmar todas', each request with the revision the list showed. */
export function confirmBatch(requests: readonly Pick<AdminReservation, 'id' | 'revision'>[]): Promise<BatchConfirmed> {
  const body: BatchConfirm = { reservations: requests.map(({ id, revision }) => ({ id, revision })) };
  return apiFetch<BatchConfirmed>('/api/admin/reservations/confirm-batch', { method: 'POST', body });
}

/** Every reservations query (today, pending, its count, upcoming) is asked again, whatever the answer. */
export function useConfirmBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBatch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsQueryKey }),
  });
}
