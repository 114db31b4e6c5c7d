import type { z } from 'zod';
import type { confirmPasswordSchema } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';

/**
 * POST /api/admin/account/confirm-password (issue 41): 204, and the session counts as signed in just now; a wrong
 * password is a 401 'wrong_password'. A plain call, not a mutation: its 401 must not make the guard ask for the session.
 */
export async function confirmPassword(input: z.infer<typeof confirmPasswordSchema>): Promise<void> {
  await apiFetch('/api/admin/account/confirm-password', { method: 'POST', body: input });
}
