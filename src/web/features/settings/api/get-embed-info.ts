import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmbedInfo } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** PUBLIC_URL's addresses, and the sites that may show the widget: EMBED_ORIGINS, or the owner's (decision 069). */
export const embedInfoQueryKey = liveKey('restaurant_config', 'embed');

export function useEmbedInfo() {
  return useQuery({
    queryKey: embedInfoQueryKey,
    queryFn: ({ signal }) => apiFetch<EmbedInfo>('/api/admin/settings/embed', { signal }),
  });
}

/** The owner's list of sites (issue 52): answered with the info in force. */
export function useSaveEmbedOrigins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) => apiFetch<EmbedInfo>('/api/admin/settings/embed-origins', { method: 'PUT', body: { origins } }),
    onSuccess: (info) => queryClient.setQueryData(embedInfoQueryKey, info),
  });
}
