import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { loginAttemptSchema, type LoginAttempt } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';
import type { LOGIN_HISTORY_ALL_ROWS, LOGIN_HISTORY_ROWS } from '@shared/limits';

/** The two page sizes of the history (spec point 2): the first 20, or up to 100 with 'Mostrar todos'. */
export type LoginAttemptsLimit = typeof LOGIN_HISTORY_ROWS | typeof LOGIN_HISTORY_ALL_ROWS;

export const loginAttemptsQueryKey = (limit: LoginAttemptsLimit) => liveKey('login_attempts', { limit });

const loginAttemptListSchema = z.array(loginAttemptSchema);

/** Newest first. */
export function getLoginAttempts(limit: LoginAttemptsLimit, signal?: AbortSignal): Promise<LoginAttempt[]> {
  return apiFetch(`/api/admin/security/login-attempts?limit=${limit}`, { schema: loginAttemptListSchema, signal });
}

export const loginAttemptsQueryOptions = (limit: LoginAttemptsLimit) =>
  queryOptions({
    queryKey: loginAttemptsQueryKey(limit),
    queryFn: ({ signal }) => getLoginAttempts(limit, signal),
  });

/** Switching size keeps the rows on screen until the other size arrives. */
export function useLoginAttempts(limit: LoginAttemptsLimit) {
  return useQuery({ ...loginAttemptsQueryOptions(limit), placeholderData: keepPreviousData });
}
