import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockedDaySchema, type BlockedDay } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';
import { blockedDaysQueryKey } from './get-blocked-days';

export interface BlockDayInput {
  date: string;
  reason?: string | undefined;
}

/** POST /api/admin/blocked-days: replaces any closed exception of that date. */
export function blockDay(input: BlockDayInput): Promise<BlockedDay> {
  return apiFetch('/api/admin/blocked-days', { method: 'POST', body: input, schema: blockedDaySchema });
}

export function useBlockDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedDaysQueryKey }),
  });
}
