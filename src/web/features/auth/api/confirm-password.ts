import type { z } from 'zod';
import type { confirmPasswordSchema, secondStepSchema } from '@shared/schemas/auth';
import { twoStepStatusSchema } from '@shared/schemas/two-step';
import { apiFetch } from '@web/lib/api';

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

/** Whether the member may confirm with a code: their two-step codes are on. */
export async function hasTwoStepCodes(): Promise<boolean> {
  return (await apiFetch('/api/admin/account/two-step', { schema: twoStepStatusSchema })).enabled;
}
