import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { blockedDaySchema, type BlockedDay } from '@shared/schemas/closures';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Starts with the table name so that a live change of date_exceptions invalidates it. */
export const blockedDaysQueryKey = liveKey('date_exceptions', 'blocked-days');

const blockedDayListSchema = z.array(blockedDaySchema);

/** Closed days from today (Madrid) on. */
export function getBlockedDays(signal?: AbortSignal): Promise<BlockedDay[]> {
  return apiFetch('/api/admin/blocked-days', { schema: blockedDayListSchema, signal });
}

/** Spec point 4 'Refresh timing': refetched on mount, focus and reconnect (stale at once). */
export const blockedDaysQueryOptions = () =>
  queryOptions({
    queryKey: blockedDaysQueryKey,
    queryFn: ({ signal }) => getBlockedDays(signal),
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export function useBlockedDays(enabled: boolean) {
  return useQuery({ ...blockedDaysQueryOptions(), enabled });
}
