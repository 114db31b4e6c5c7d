import { queryOptions, useQuery } from '@tanstack/react-query';
import { securitySummarySchema, type SecuritySummary } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Under login_attempts, whose live changes (every sign-in, every lockout it causes) move these counts. */
export const securitySummaryQueryKey = liveKey('login_attempts', 'summary');

export function getSecuritySummary(signal?: AbortSignal): Promise<SecuritySummary> {
  return apiFetch('/api/admin/security/summary', { schema: securitySummarySchema, signal });
}

/**
 * Also polled each minute: a lockout ends by the clock, with no change event, and an unlock made in another
 * browser only announces account_lockouts.
 */
export const securitySummaryQueryOptions = () =>
  queryOptions({
    queryKey: securitySummaryQueryKey,
    queryFn: ({ signal }) => getSecuritySummary(signal),
    refetchInterval: 60_000,
  });

export function useSecuritySummary() {
  return useQuery(securitySummaryQueryOptions());
}
