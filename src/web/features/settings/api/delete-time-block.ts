import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { timeBlocksQueryKey } from './get-time-blocks';

/** DELETE /api/admin/time-blocks/:id (204). */
export async function deleteTimeBlock(id: string): Promise<void> {
  await apiFetch(`/api/admin/time-blocks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTimeBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeBlocksQueryKey }),
  });
}
