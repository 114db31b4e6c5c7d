import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { sessionResponseSchema } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { loadWebAuthn } from '@web/lib/passkeys';
import { sessionQueryKey } from './get-session';

/** POST /api/auth/login/passkey/options: a challenge for any passkey of this site (409 where there can be none). */
export const passkeySignInOptions = () => apiFetch<PublicKeyCredentialRequestOptionsJSON>('/api/auth/login/passkey/options', { method: 'POST' });

/**
 * The browser's ceremony with `optionsJSON` (in the email field's suggestions when `autofill`), then
 * POST /api/auth/login/passkey: the session. 401 a passkey Mesa does not accept, 400 a lapsed challenge.
 */
export async function signInWithPasskey({ optionsJSON, autofill }: { optionsJSON: PublicKeyCredentialRequestOptionsJSON; autofill: boolean }) {
  const { startAuthentication } = await loadWebAuthn();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return apiFetch('/api/auth/login/passkey', { method: 'POST', body: response, schema: sessionResponseSchema });
}

/** The answer is the new session: the /auth page, which watches it, moves on. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (answer) => queryClient.setQueryData(sessionQueryKey, { user: answer.user }),
  });
}
