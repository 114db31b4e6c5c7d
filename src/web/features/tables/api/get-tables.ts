import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiningTable } from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Live changes on the tables table refresh this key. */
export const tablesQueryKey = liveKey('tables');

/** Every table, ordered by table number. */
export function getTables(signal?: AbortSignal): Promise<DiningTable[]> {
  return apiFetch<DiningTable[]>('/api/admin/tables', { signal });
}

export const tablesQueryOptions = () =>
  queryOptions({
    queryKey: tablesQueryKey,
    queryFn: ({ signal }) => getTables(signal),
  });

export function useTables() {
  return useQuery(tablesQueryOptions());
}
