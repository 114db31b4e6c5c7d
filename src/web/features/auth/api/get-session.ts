import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/schemas/auth';
import type { StaffRole } from '@shared/rules/permissions';
import { apiFetch } from '@web/lib/api';

export const sessionQueryKey = ['session'] as const;

export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/auth/session', { signal });
}

/**
 * Always stale, so it is asked again on every mount and window focus: a sign-in in another tab sends /auth on
 * to /admin, and a session that ended elsewhere (sign-out, password reset, expiry) sends /admin back to /auth.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 0,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * The signed-in user's role in the back office (issue 20); null while unknown or for an account without one. It
 * reads what the guard keeps fresh: a component showing a role-dependent button does not ask the server again.
 */
export function useStaffRole(): StaffRole | null {
  return useQuery({ ...sessionQueryOptions(), refetchOnMount: false }).data?.user?.role ?? null;
}
