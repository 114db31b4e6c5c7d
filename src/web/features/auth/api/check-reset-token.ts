import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export const resetTokenQueryKey = (token: string) => ['reset-token', token] as const;

/** GET /api/auth/reset/:token: 204 while the link can be used, 410 otherwise. It does not spend the link. */
export async function checkResetToken(token: string, signal?: AbortSignal): Promise<true> {
  await apiFetch(`/api/auth/reset/${encodeURIComponent(token)}`, { signal });
  return true;
}

/** Asked once per page view: the server rate-limits these calls, and a link that expires meanwhile gets 410 on save. */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: resetTokenQueryKey(token),
    queryFn: ({ signal }) => checkResetToken(token, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Nothing is asked without a token. */
export function useResetTokenCheck(token: string | null) {
  return useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: token !== null });
}
