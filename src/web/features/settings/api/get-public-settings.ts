import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettingsSchema, type PublicSettings } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';

/** Starts with the table name so that a live change of restaurant_config invalidates it. */
export const publicSettingsQueryKey = ['restaurant_config', 'public'] as const;

export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiFetch('/api/public/settings', { schema: publicSettingsSchema, signal });
}

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => getPublicSettings(signal),
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
