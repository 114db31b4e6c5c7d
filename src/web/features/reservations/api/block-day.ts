import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blockedDaySchema, closurePreviewSchema, type BlockedDay } from '@shared/schemas/closures';
import { apiFetch } from '@web/lib/api';
import { type ClosureChoice, closureSearch } from '../closure-choice';
import { blockedDaysQueryKey } from './get-blocked-days';

export interface BlockDayInput {
  date: string;
  reason?: string | undefined;
  /** What happens to the day's active bookings: kept, or cancelled with this reason (issue 19). */
  choice: ClosureChoice;
}

/** POST /api/admin/blocked-days: replaces any closed exception of that date. */
export function blockDay({ choice, ...input }: BlockDayInput): Promise<BlockedDay> {
  return apiFetch(`/api/admin/blocked-days${closureSearch(choice)}`, { method: 'POST', body: input, schema: blockedDaySchema });
}

/** Everything is asked again: the block may have cancelled bookings on any list. */
export function useBlockDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockDay,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The active bookings blocking `date` would hit, nothing saved (?preview=1); idle while there is no date. */
export function useBlockDayPreview(date: string | null) {
  return useQuery({
    queryKey: [...blockedDaysQueryKey, 'preview', date],
    queryFn: () =>
      apiFetch(`/api/admin/blocked-days${closureSearch('preview')}`, { method: 'POST', body: { date }, schema: closurePreviewSchema }),
    enabled: date !== null,
    staleTime: 0,
  });
}
