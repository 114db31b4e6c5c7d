import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiningTable } from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { tablesQueryKey } from './get-tables';

/** DELETE /api/admin/tables/:id → 204. */
export async function deleteTable(id: string): Promise<void> {
  await apiFetch(`/api/admin/tables/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTable,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<DiningTable[]>(tablesQueryKey, (old) => old?.filter((table) => table.id !== id));
      void queryClient.invalidateQueries({ queryKey: tablesQueryKey });
    },
  });
}
