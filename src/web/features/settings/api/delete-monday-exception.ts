import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closurePreviewSchema, type ClosurePreview } from '@shared/schemas/closures';
import { type ClosureChoice, closureSearch } from '@web/features/reservations/closure-choice';
import { apiFetch } from '@web/lib/api';

/** DELETE /api/admin/monday-exceptions/:id (204): that Monday is closed again, its bookings kept or cancelled. */
export async function deleteMondayException({ id, choice }: { id: string; choice: ClosureChoice }): Promise<void> {
  await apiFetch(`/api/admin/monday-exceptions/${encodeURIComponent(id)}${closureSearch(choice)}`, { method: 'DELETE' });
}

/** The active bookings of that Monday, nothing removed. */
export function previewDeleteMondayException(id: string): Promise<ClosurePreview> {
  return apiFetch(`/api/admin/monday-exceptions/${encodeURIComponent(id)}${closureSearch('preview')}`, {
    method: 'DELETE',
    schema: closurePreviewSchema,
  });
}

/** Everything is asked again: the exceptions, and the lists its cancelled or kept bookings are on. */
export function useDeleteMondayException() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMondayException, onSuccess: () => queryClient.invalidateQueries() });
}
