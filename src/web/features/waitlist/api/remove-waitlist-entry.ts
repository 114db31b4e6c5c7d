import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryView } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';
import { waitlistQueryKey } from './get-waitlist';

/** DELETE /api/admin/waitlist/:id: the entry, now 'removed' (an open offer of it passes to the next party). */
export function removeWaitlistEntry(id: string): Promise<WaitlistEntryView> {
  return apiFetch<WaitlistEntryView>(`/api/admin/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWaitlistEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}
