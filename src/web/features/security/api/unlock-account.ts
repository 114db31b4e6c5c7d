import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { lockoutsQueryKey } from './get-lockouts';
import { securitySummaryQueryKey } from './get-security-summary';

/** DELETE /api/admin/security/lockouts/:email (204; an email with no lockout is already unlocked). */
export async function unlockAccount(email: string): Promise<void> {
  await apiFetch(`/api/admin/security/lockouts/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

/** The list and the locked count are asked again rather than reloading the page (spec point 4). */
export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lockoutsQueryKey }),
        queryClient.invalidateQueries({ queryKey: securitySummaryQueryKey }),
      ]),
  });
}
