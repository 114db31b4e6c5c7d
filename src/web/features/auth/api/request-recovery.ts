import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/**
 * POST /api/auth/recovery. The server answers the same for known and unknown emails (its message is the
 * catalogue's recoverySent text), so nothing of the body is needed; 429 when asked too often.
 */
export async function requestRecovery(email: string): Promise<void> {
  await apiFetch('/api/auth/recovery', { method: 'POST', body: { email } });
}

export function useRequestRecovery() {
  return useMutation({ mutationFn: requestRecovery });
}
