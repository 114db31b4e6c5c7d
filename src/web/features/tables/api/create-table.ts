import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tableSchema, type DiningTable, type NewTableInput } from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { tablesQueryKey } from './get-tables';

/** POST /api/admin/tables → 201 with the table (next number, placed at 50 + 20 × number, active). */
export function createTable(input: NewTableInput): Promise<DiningTable> {
  return apiFetch('/api/admin/tables', { method: 'POST', body: input, schema: tableSchema });
}

export function useCreateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTable,
    onSuccess: (table) => {
      queryClient.setQueryData<DiningTable[]>(tablesQueryKey, (old) =>
        old && !old.some((row) => row.id === table.id) ? [...old, table] : old,
      );
      void queryClient.invalidateQueries({ queryKey: tablesQueryKey });
    },
  });
}
