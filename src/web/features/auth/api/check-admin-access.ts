import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export const adminAccessQueryKey = (userId: string) => ['admin-access', userId] as const;

/**
 * POST /api/auth/admin-access: 204 for an admin, 403 for another signed-in user (the server records that as an
 * unauthorized admin access, with the browser's user agent), 401 without a session. A POST because it writes.
 */
export async function checkAdminAccess(): Promise<true> {
  await apiFetch('/api/auth/admin-access', { method: 'POST' });
  return true;
}

/**
 * A query rather than a mutation so that one check runs per mount however often React renders (a mutation in
 * an effect would run twice under StrictMode and record two attempts). No abort signal for the same reason:
 * aborting a POST the server already handled would only make it run again. Checked again on every visit.
 */
export const adminAccessQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminAccessQueryKey(userId),
    queryFn: () => checkAdminAccess(),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useAdminAccess(userId: string | undefined) {
  return useQuery({ ...adminAccessQueryOptions(userId ?? ''), enabled: userId !== undefined });
}
