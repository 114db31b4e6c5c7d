import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { mondayExceptionSchema, type MondayException } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Starts with the table name so that a live change of monday_exceptions invalidates it. */
export const mondayExceptionsQueryKey = liveKey('monday_exceptions', 'admin');

const mondayExceptionListSchema = z.array(mondayExceptionSchema);

/** The opened Mondays from today (Madrid) on, in date order. */
export function getMondayExceptions(signal?: AbortSignal): Promise<MondayException[]> {
  return apiFetch('/api/admin/monday-exceptions', { schema: mondayExceptionListSchema, signal });
}

export const mondayExceptionsQueryOptions = () =>
  queryOptions({ queryKey: mondayExceptionsQueryKey, queryFn: ({ signal }) => getMondayExceptions(signal) });

export function useMondayExceptions() {
  return useQuery(mondayExceptionsQueryOptions());
}
