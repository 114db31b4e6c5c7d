import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TodayClosures } from '@shared/schemas/closures';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

export const todayClosuresQueryKey = liveKey('restaurant_config', 'today-closures');

export function getTodayClosures(signal?: AbortSignal): Promise<TodayClosures> {
  return apiFetch<TodayClosures>('/api/admin/closures/today', { signal });
}

/** Changed by the settings, the blocked days, the Monday exceptions and the weekly hours; asked again each minute for midnight. */
export const todayClosuresQueryOptions = () =>
  queryOptions({
    queryKey: todayClosuresQueryKey,
    queryFn: ({ signal }) => getTodayClosures(signal),
    meta: liveMeta('date_exceptions', 'monday_exceptions', 'operating_hours'),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useTodayClosures() {
  return useQuery(todayClosuresQueryOptions());
}
