import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceSessionsSchema } from '@shared/schemas/devices';
import { apiFetch } from '@web/lib/api';

// The sessions of an account (issue 44): one's own under /account, a member's under /team (the owner's).

/** Whose sessions: the signed-in member's, or a member's as the owner sees them in Equipo. */
export type SessionsOf = { kind: 'own' } | { kind: 'member'; memberId: string };

const pathOf = (of: SessionsOf) => (of.kind === 'own' ? '/api/admin/account/sessions' : `/api/admin/team/members/${encodeURIComponent(of.memberId)}/sessions`);
const keyOf = (of: SessionsOf) => ['sessions', of.kind === 'own' ? 'own' : of.memberId] as const;

export function useSessions(of: SessionsOf) {
  return useQuery({ queryKey: keyOf(of), queryFn: ({ signal }) => apiFetch(pathOf(of), { schema: deviceSessionsSchema, signal }) });
}

export function useEndSession(of: SessionsOf) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => apiFetch(`${pathOf(of)}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(of) }),
  });
}

/** 'Cerrar todas las demás': answers how many ended. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ ended: number }>('/api/admin/account/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf({ kind: 'own' }) }),
  });
}
