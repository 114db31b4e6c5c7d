import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { accountLockoutSchema, type AccountLockout } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

export const lockoutsQueryKey = liveKey('account_lockouts');

const lockoutListSchema = z.array(accountLockoutSchema);

/** The lockouts in force, newest first. */
export function getLockouts(signal?: AbortSignal): Promise<AccountLockout[]> {
  return apiFetch('/api/admin/security/lockouts', { schema: lockoutListSchema, signal });
}

/** Polled each minute besides the live changes: a lockout ends by the clock, which announces nothing. */
export const lockoutsQueryOptions = () =>
  queryOptions({
    queryKey: lockoutsQueryKey,
    queryFn: ({ signal }) => getLockouts(signal),
    refetchInterval: 60_000,
  });

export function useLockouts() {
  return useQuery(lockoutsQueryOptions());
}
