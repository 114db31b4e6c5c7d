import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { sessionResponseSchema, type passwordResetSchema, type SessionResponse } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from './get-session';

export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/**
 * POST /api/auth/reset: spends the link, sets the password, ends the user's other sessions and signs this
 * browser in. 400 with a field message for a refused password, 410 reset_link_invalid for a spent link.
 */
export function resetPassword(input: PasswordResetInput): Promise<SessionResponse> {
  return apiFetch('/api/auth/reset', { method: 'POST', body: input, schema: sessionResponseSchema });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
