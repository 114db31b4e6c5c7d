import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { passkeyListSchema, passkeySchema } from '@shared/schemas/passkeys';
import { apiFetch } from '@web/lib/api';
import { loadWebAuthn } from '@web/lib/passkeys';

// The member's own passkeys (issue 44): /api/admin/account/passkeys.
const listKey = ['account', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({ queryKey: listKey, queryFn: ({ signal }) => apiFetch('/api/admin/account/passkeys', { schema: passkeyListSchema, signal }) });
}

/** The options (after a fresh sign-in), the browser's ceremony, then the answer to the server. */
async function addPasskey() {
  const { startRegistration } = await loadWebAuthn();
  const optionsJSON = await apiFetch<PublicKeyCredentialCreationOptionsJSON>('/api/admin/account/passkeys/options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON });
  return apiFetch('/api/admin/account/passkeys', { method: 'POST', body: response, schema: passkeySchema });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }) });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch(`/api/admin/account/passkeys/${id}`, { method: 'PATCH', body: { name }, schema: passkeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/account/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
