import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** POST /api/admin/reports/test: today's report queued now for the admin email (and the extra one); 202. */
export function sendTestReport(): Promise<unknown> {
  return apiFetch('/api/admin/reports/test', { method: 'POST' });
}

export function useSendTestReport() {
  return useMutation({ mutationFn: sendTestReport });
}
