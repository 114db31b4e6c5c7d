import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsSchema, type NotificationSettings } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** PATCH /api/admin/notification-settings with the changed switches; answers all three. */
export function updateNotificationSettings(patch: Partial<NotificationSettings>): Promise<NotificationSettings> {
  return apiFetch('/api/admin/notification-settings', {
    method: 'PATCH',
    body: patch,
    schema: notificationSettingsSchema,
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    // Invalidating cancels a live refetch begun before this save committed, which would otherwise answer the old value.
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationSettingsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey });
    },
  });
}
