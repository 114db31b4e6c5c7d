import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { loginResponseSchema, type LoginResponse, type passwordResetSchema } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from './get-session';

export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/**
 * POST /api/auth/reset: spends the link, sets the password, ends the user's other sessions and signs this
 * browser in, or for an account with two-step codes asks for the second step (`secondStep: 'code'`). 400 with a
 * field message for a refused password, 410 reset_link_invalid for a spent link.
 */
export function resetPassword(input: PasswordResetInput): Promise<LoginResponse> {
  return apiFetch('/api/auth/reset', { method: 'POST', body: input, schema: loginResponseSchema });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (answer) => {
      if (!answer.secondStep) queryClient.setQueryData(sessionQueryKey, { user: answer.user });
    },
  });
}
