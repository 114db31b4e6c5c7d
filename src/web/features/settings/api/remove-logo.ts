import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { adminSettingsQueryKey } from './get-admin-settings';
import { publicSettingsQueryKey } from '@web/features/public-settings/public-settings';

/** DELETE /api/admin/settings/logo; answers the whole saved configuration, now without a logo. */
export function removeLogo(): Promise<AdminSettings> {
  return apiFetch<AdminSettings>('/api/admin/settings/logo', { method: 'DELETE' });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminSettingsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey });
    },
  });
}
