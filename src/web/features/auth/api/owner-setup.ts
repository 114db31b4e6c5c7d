import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OwnerSetupInput, sessionResponseSchema, type SessionResponse, setupStateSchema } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from './get-session';

const setupStateQueryKey = ['owner-setup'] as const;

/** GET /api/auth/setup: true until the owner's account exists (issue 20). */
export function useSetupState() {
  return useQuery({
    queryKey: setupStateQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/auth/setup', { schema: setupStateSchema, signal }),
    staleTime: 0,
  });
}

/** POST /api/auth/setup: creates the owner with the set-up code and signs it in (the answer is the session). */
export function createOwner(input: OwnerSetupInput): Promise<SessionResponse> {
  return apiFetch('/api/auth/setup', { method: 'POST', body: input, schema: sessionResponseSchema });
}

export function useCreateOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOwner,
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQueryKey, session);
      queryClient.setQueryData(setupStateQueryKey, { required: false });
    },
  });
}
