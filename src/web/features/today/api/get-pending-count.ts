import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';
import { PENDING_COUNT_POLL_MS } from '@shared/limits';

export const pendingCountQueryKey = liveKey('reservations', 'pending', 'count');

export async function getPendingCount(signal?: AbortSignal): Promise<number> {
  const { count } = await apiFetch<{ count: number }>('/api/admin/reservations/pending/count', { signal });
  return count;
}

/** Spec point 9: polled every 5 s, besides the live changes; an answer younger than that is not asked again. */
export const pendingCountQueryOptions = () =>
  queryOptions({
    queryKey: pendingCountQueryKey,
    queryFn: ({ signal }) => getPendingCount(signal),
    staleTime: PENDING_COUNT_POLL_MS,
    refetchInterval: PENDING_COUNT_POLL_MS,
  });

export function usePendingCount() {
  return useQuery(pendingCountQueryOptions());
}
