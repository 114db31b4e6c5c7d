import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionResponseSchema, type LoginRequest, type SessionResponse } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from './get-session';

/** POST /api/auth/login: sets the session cookie. 401 bad credentials, 423 locked account, 429 too many tries. */
export function login(input: LoginRequest): Promise<SessionResponse> {
  return apiFetch('/api/auth/login', { method: 'POST', body: input, schema: sessionResponseSchema });
}

/** The answer is the new session, so whoever watches it (the /auth page) moves on without asking again. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
