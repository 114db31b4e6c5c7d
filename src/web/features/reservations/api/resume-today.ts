import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { todayPauseQueryKey } from './get-today-pause';

/** DELETE /api/admin/pause/today: deactivates today's pause (204). */
export async function resumeToday(): Promise<void> {
  await apiFetch('/api/admin/pause/today', { method: 'DELETE' });
}

export function useResumeToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeToday,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todayPauseQueryKey }),
  });
}
