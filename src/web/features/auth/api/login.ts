import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { loginResponseSchema, type LoginRequest, type LoginResponse, type secondStepSchema, secondStepResponseSchema } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from './get-session';

/**
 * POST /api/auth/login: sets the session cookie, or, for an account with two-step codes, the second step's
 * (`secondStep: 'code'`). 401 bad credentials, 423 locked account, 429 too many tries.
 */
export function login(input: LoginRequest): Promise<LoginResponse> {
  return apiFetch('/api/auth/login', { method: 'POST', body: input, schema: loginResponseSchema });
}

/** The answer is the new session, so whoever watches it (the /auth page) moves on without asking again. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!answer.secondStep) queryClient.setQueryData(sessionQueryKey, { user: answer.user });
    },
  });
}

/** POST /api/auth/login/code: 400 'Código incorrecto', 423 locked, 401 when the step has lapsed (sign in again). */
export function useSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.infer<typeof secondStepSchema>) =>
      apiFetch('/api/auth/login/code', { method: 'POST', body: input, schema: secondStepResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(sessionQueryKey, { user: answer.user }),
  });
}
