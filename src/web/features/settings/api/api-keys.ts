import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated, ApiKeyInput, ApiKeyView } from '@shared/schemas/api-keys';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

// Configuración › Integraciones (issue 48). Creating and revoking need a fresh sign-in: apiFetch asks for it and sends again.

const KEYS_URL = '/api/admin/integrations/api-keys';
export const apiKeysQueryKey = liveKey('api_keys', 'list');

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => apiFetch<ApiKeyView[]>(KEYS_URL, { signal }) });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => apiFetch<ApiKeyCreated>(KEYS_URL, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ApiKeyView>(`${KEYS_URL}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
