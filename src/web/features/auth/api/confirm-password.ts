import type { z } from 'zod';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { confirmPasswordSchema, secondStepSchema } from '@shared/schemas/auth';
import { passkeyListSchema } from '@shared/schemas/passkeys';
import { twoStepStatusSchema } from '@shared/schemas/two-step';
import { apiFetch } from '@web/lib/api';
import { loadWebAuthn } from '@web/lib/passkeys';

/**
 * POST /api/admin/account/confirm-password (issue 41): 204, and the session counts as signed in just now; a wrong
 * password is a 401 'wrong_password'. A plain call, not a mutation: its 401 must not make the guard ask for the session.
 */
export async function confirmPassword(input: z.infer<typeof confirmPasswordSchema>): Promise<void> {
  await apiFetch('/api/admin/account/confirm-password', { method: 'POST', body: input });
}

/** POST /api/admin/account/confirm-code (issue 44): the same with a two-step code; a wrong one is 400 'wrong_code'. */
export async function confirmCode(input: z.infer<typeof secondStepSchema>): Promise<void> {
  await apiFetch('/api/admin/account/confirm-code', { method: 'POST', body: input });
}

/** One of the member's own passkeys instead (issue 44): the options, the browser's ceremony, the server's check. */
export async function confirmWithPasskey(): Promise<void> {
  const optionsJSON = await apiFetch<PublicKeyCredentialRequestOptionsJSON>('/api/admin/account/fresh-sign-in/passkey/options', { method: 'POST' });
  const { startAuthentication } = await loadWebAuthn();
  await apiFetch('/api/admin/account/fresh-sign-in/passkey', { method: 'POST', body: await startAuthentication({ optionsJSON }) });
}

/** How the member may confirm besides the password: a code when their two-step codes are on, a passkey when they have one. */
export async function otherFreshSignIns(): Promise<{ code: boolean; passkey: boolean }> {
  const [codes, passkeys] = await Promise.all([
    apiFetch('/api/admin/account/two-step', { schema: twoStepStatusSchema }).catch(() => null),
    apiFetch('/api/admin/account/passkeys', { schema: passkeyListSchema }).catch(() => null),
  ]);
  const hasWebAuthn = typeof window.PublicKeyCredential === 'function';
  return { code: codes?.enabled ?? false, passkey: hasWebAuthn && (passkeys?.available ?? false) && (passkeys?.passkeys.length ?? 0) > 0 };
}
