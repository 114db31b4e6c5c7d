import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { timeBlockSchema, type TimeBlock } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Starts with the table name so that a live change of time_blocks invalidates it. */
export const timeBlocksQueryKey = liveKey('time_blocks', 'admin');

const timeBlockListSchema = z.array(timeBlockSchema);

/** Every manual time block, by date and start time. */
export function getTimeBlocks(signal?: AbortSignal): Promise<TimeBlock[]> {
  return apiFetch('/api/admin/time-blocks', { schema: timeBlockListSchema, signal });
}

export const timeBlocksQueryOptions = () =>
  queryOptions({ queryKey: timeBlocksQueryKey, queryFn: ({ signal }) => getTimeBlocks(signal) });

export function useTimeBlocks() {
  return useQuery(timeBlocksQueryOptions());
}
