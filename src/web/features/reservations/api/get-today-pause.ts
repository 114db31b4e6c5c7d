import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TodayPause } from '@shared/schemas/closures';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

export const todayPauseQueryKey = liveKey('daily_reservation_pauses', 'today');

export function getTodayPause(signal?: AbortSignal): Promise<TodayPause> {
  return apiFetch<TodayPause>('/api/admin/pause/today', { signal });
}

const PAUSE_TICK_MS = 60_000;

/**
 * 'Paused now' changes by the clock alone, which announces nothing: asked again each minute, as the clock ticks. An
 * answer younger than that is as fresh as the ticking keeps it, so coming back to the tab does not ask again.
 */
export const todayPauseQueryOptions = () =>
  queryOptions({
    queryKey: todayPauseQueryKey,
    queryFn: ({ signal }) => getTodayPause(signal),
    staleTime: PAUSE_TICK_MS,
    refetchInterval: PAUSE_TICK_MS,
  });

export function useTodayPause() {
  return useQuery(todayPauseQueryOptions());
}
