import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { tableSchema, type DiningTable, type TablePatch } from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { tablesQueryKey } from './get-tables';

export interface UpdateTableInput {
  id: string;
  patch: TablePatch;
}

/** PATCH /api/admin/tables/:id with any of position (floor units), name, seats, shape, rotation, isActive. */
export function updateTable({ id, patch }: UpdateTableInput): Promise<DiningTable> {
  return apiFetch(`/api/admin/tables/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, schema: tableSchema });
}

/** Writes a change into the cached list at once, before (or without) the server's answer. */
export function patchCachedTable(queryClient: QueryClient, id: string, patch: Partial<DiningTable>) {
  queryClient.setQueryData<DiningTable[]>(tablesQueryKey, (old) =>
    old?.map((table) => (table.id === id ? { ...table, ...patch } : table)),
  );
}

/**
 * Shows the change at once; a failure asks the list again so the table goes back to what the server holds.
 * Toasts are the caller's.
 */
export function useUpdateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTable,
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: tablesQueryKey });
      patchCachedTable(queryClient, id, patch);
    },
    onSuccess: (table) => patchCachedTable(queryClient, table.id, table),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tablesQueryKey });
    },
  });
}
