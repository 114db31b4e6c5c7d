import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

/** Starts with the table name so that a live change of restaurant_config invalidates it. */
export const publicSettingsQueryKey = liveKey('restaurant_config', 'public');

/** Typed, not parsed: a zod parse would put zod in the landing page's initial JavaScript (PERFORMANCE.md). */
export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiFetch<PublicSettings>('/api/public/settings', { signal });
}

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: publicSettingsQueryKey,
    // The card guarantee is offered only while 'Pagos' holds a provider's keys.
    meta: liveMeta('payment_settings'),
    queryFn: ({ signal }) => getPublicSettings(signal),
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
