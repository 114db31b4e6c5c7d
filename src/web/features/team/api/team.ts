import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '@shared/rules/permissions';
import { type InvitationInput, secondFactorPolicySchema, teamSchema } from '@shared/schemas/team';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

// 'Equipo' (issue 20): the owner's list of accounts and invitations, and what the owner does to them.

export const teamQueryKey = liveKey('team_events', 'team');

export function useTeam() {
  return useQuery({ queryKey: teamQueryKey, meta: liveMeta('users'), queryFn: ({ signal }) => apiFetch('/api/admin/team', { schema: teamSchema, signal }) });
}

type TeamChange =
  | { kind: 'invite'; input: InvitationInput }
  | { kind: 'resend' | 'revoke'; invitationId: string }
  | { kind: 'role'; memberId: string; role: StaffRole }
  | { kind: 'deactivate' | 'reactivate'; memberId: string };

function send(change: TeamChange): Promise<unknown> {
  switch (change.kind) {
    case 'invite':
      return apiFetch('/api/admin/team/invitations', { method: 'POST', body: change.input });
    case 'resend':
      return apiFetch(`/api/admin/team/invitations/${change.invitationId}/resend`, { method: 'POST' });
    case 'revoke':
      return apiFetch(`/api/admin/team/invitations/${change.invitationId}`, { method: 'DELETE' });
    case 'role':
      return apiFetch(`/api/admin/team/members/${change.memberId}`, { method: 'PATCH', body: { role: change.role } });
    case 'deactivate':
    case 'reactivate':
      return apiFetch(`/api/admin/team/members/${change.memberId}/${change.kind}`, { method: 'POST' });
  }
}

/** One mutation for every team action; the list is asked again after each, whatever the answer. */
export function useTeamChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }) });
}

const policyKey = ['team', 'second-factor'] as const;

/** Whether owners and encargados must have a second factor (issue 44). */
export function useSecondFactorPolicy() {
  return useQuery({ queryKey: policyKey, queryFn: ({ signal }) => apiFetch('/api/admin/team/second-factor', { schema: secondFactorPolicySchema, signal }) });
}

export function useSetSecondFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => apiFetch('/api/admin/team/second-factor', { method: 'PUT', body: { required }, schema: secondFactorPolicySchema }),
    onSuccess: (policy) => queryClient.setQueryData(policyKey, policy),
  });
}
