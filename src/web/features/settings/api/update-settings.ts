import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, SettingsPatch } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { adminSettingsQueryKey } from './get-admin-settings';

/** PATCH /api/admin/settings with the changed fields only; answers the whole saved configuration. */
export function updateSettings(patch: SettingsPatch): Promise<AdminSettings> {
  return apiFetch<AdminSettings>('/api/admin/settings', { method: 'PATCH', body: patch });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(adminSettingsQueryKey, settings),
  });
}
