import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { blockedDaysQueryKey } from './get-blocked-days';

/** DELETE /api/admin/blocked-days/:date (204). */
export async function unblockDay(date: string): Promise<void> {
  await apiFetch(`/api/admin/blocked-days/${encodeURIComponent(date)}`, { method: 'DELETE' });
}

export function useUnblockDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedDaysQueryKey }),
  });
}
