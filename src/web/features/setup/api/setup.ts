import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupPatch, SetupStatus } from '@shared/schemas/setup-checklist';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

// The set-up checklist and the mail warning on Reservas (issue 20): one status, refreshed by any change to what
// its steps look at, on this device or another.

export const setupQueryKey = liveKey('restaurant_config', 'setup');

export function useSetupStatus() {
  return useQuery({
    queryKey: setupQueryKey,
    queryFn: ({ signal }) => apiFetch<SetupStatus>('/api/admin/setup', { signal }),
    meta: liveMeta('tables', 'mail_settings'),
  });
}

export function useSetupChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SetupPatch) => apiFetch<SetupStatus>('/api/admin/setup', { method: 'PATCH', body: patch }),
    onSuccess: (status) => queryClient.setQueryData(setupQueryKey, status),
  });
}
