import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';

/** Under restaurant_config, so a change saved by another member of staff refreshes it live. */
export const adminSettingsQueryKey = ['restaurant_config', 'admin'] as const;

export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiFetch<AdminSettings>('/api/admin/settings', { signal });
}

export const adminSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminSettingsQueryKey, queryFn: ({ signal }) => getAdminSettings(signal) });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
