import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { adminSettingsQueryKey } from './get-admin-settings';
import { publicSettingsQueryKey } from '@web/features/public-settings/public-settings';

/** PUT /api/admin/settings/logo with the image itself as the body; answers the whole saved configuration. */
export function uploadLogo(file: Blob): Promise<AdminSettings> {
  return apiFetch<AdminSettings>('/api/admin/settings/logo', { method: 'PUT', rawBody: file });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminSettingsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey });
    },
  });
}
