import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryView } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';

export interface SeatWaitlistEntryVariables {
  id: string;
  /** After a 409 'no_table': the host seats the party without a table. */
  withoutTable?: boolean;
}

export interface WaitlistEntrySeated {
  entry: WaitlistEntryView;
  tableNames: string[];
}

/** POST /api/admin/waitlist/:id/seat: today's party seated now as a walk-in; 409 'no_table' when no table is free. */
export function seatWaitlistEntry({ id, withoutTable }: SeatWaitlistEntryVariables): Promise<WaitlistEntrySeated> {
  return apiFetch<WaitlistEntrySeated>(`/api/admin/waitlist/${encodeURIComponent(id)}/seat`, {
    method: 'POST',
    body: withoutTable ? { withoutTable } : {},
  });
}

/** As a walk-in does: the lists, the covers and the table map are asked again, and the waitlist with them. */
export function useSeatWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seatWaitlistEntry,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
