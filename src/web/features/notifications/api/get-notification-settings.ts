import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema, type NotificationSettings } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Under notification_settings, so a change saved on another screen refreshes it live. */
export const notificationSettingsQueryKey = liveKey('notification_settings');

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiFetch('/api/admin/notification-settings', { schema: notificationSettingsSchema, signal });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: ({ signal }) => getNotificationSettings(signal) });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
