import { useMutation, useQueryClient } from '@tanstack/react-query';
import { todayPauseSchema, type PauseInput, type TodayPause } from '@shared/schemas/closures';
import { apiFetch } from '@web/lib/api';
import { todayPauseQueryKey } from './get-today-pause';

/** PUT /api/admin/pause/today: creates or replaces today's pause and makes it active. */
export function pauseToday(input: PauseInput): Promise<TodayPause> {
  return apiFetch('/api/admin/pause/today', { method: 'PUT', body: input, schema: todayPauseSchema });
}

export function usePauseToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseToday,
    onSuccess: (pause) => {
      queryClient.setQueryData(todayPauseQueryKey, pause);
      return queryClient.invalidateQueries({ queryKey: todayPauseQueryKey });
    },
  });
}
