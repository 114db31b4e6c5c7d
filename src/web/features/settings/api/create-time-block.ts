import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeBlockSchema, type TimeBlock } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { timeBlocksQueryKey } from './get-time-blocks';

export interface CreateTimeBlockInput {
  date: string;
  startTime: string;
  endTime: string;
  reason?: string | undefined;
}

/** POST /api/admin/time-blocks (201): the slots in [start, end) of that date are no longer bookable. */
export function createTimeBlock(input: CreateTimeBlockInput): Promise<TimeBlock> {
  return apiFetch('/api/admin/time-blocks', { method: 'POST', body: input, schema: timeBlockSchema });
}

export function useCreateTimeBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTimeBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeBlocksQueryKey }),
  });
}
