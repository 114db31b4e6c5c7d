import { useQuery } from '@tanstack/react-query';
import type { EmbedInfo } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';

/** From the server's environment (PUBLIC_URL, EMBED_ORIGINS): it changes only with a restart, so no live key. */
export const embedInfoQueryKey = ['settings', 'embed'] as const;

export function useEmbedInfo() {
  return useQuery({
    queryKey: embedInfoQueryKey,
    queryFn: ({ signal }) => apiFetch<EmbedInfo>('/api/admin/settings/embed', { signal }),
    staleTime: Infinity,
  });
}
