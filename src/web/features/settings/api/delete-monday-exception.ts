import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { mondayExceptionsQueryKey } from './get-monday-exceptions';

/** DELETE /api/admin/monday-exceptions/:id (204): that Monday is closed again. */
export async function deleteMondayException(id: string): Promise<void> {
  await apiFetch(`/api/admin/monday-exceptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMondayException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMondayException,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mondayExceptionsQueryKey }),
  });
}
