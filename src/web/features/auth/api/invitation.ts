import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionResponseSchema, type SessionResponse } from '@shared/schemas/auth';
import { invitationViewSchema } from '@shared/schemas/team';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from './get-session';

/** GET /api/auth/invitations/:token: who the link invites; 410 when it is expired, spent or revoked. */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => apiFetch(`/api/auth/invitations/${encodeURIComponent(token!)}`, { schema: invitationViewSchema, signal }),
    enabled: token !== null,
    retry: false,
  });
}

/** POST /api/auth/invitations/accept: the account is made and signed in; the answer is the session. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }): Promise<SessionResponse> =>
      apiFetch('/api/auth/invitations/accept', { method: 'POST', body: input, schema: sessionResponseSchema }),
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
