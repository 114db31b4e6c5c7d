import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Under restaurant_config, so a change saved by another member of staff refreshes it live. */
export const adminSettingsQueryKey = liveKey('restaurant_config', 'admin');

export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiFetch<AdminSettings>('/api/admin/settings', { signal });
}

export const adminSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminSettingsQueryKey, queryFn: ({ signal }) => getAdminSettings(signal) });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
