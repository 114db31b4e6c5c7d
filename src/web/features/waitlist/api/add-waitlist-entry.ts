import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { staffWaitlistEntrySchema, WaitlistEntryView } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';
import { waitlistQueryKey } from './get-waitlist';

export type StaffWaitlistEntry = z.output<typeof staffWaitlistEntrySchema>;

/** POST /api/admin/waitlist: 201 with the entry; 400 with a message per field. A blank email is left out. */
export function addWaitlistEntry(input: StaffWaitlistEntry): Promise<WaitlistEntryView> {
  const body = { ...input, customerEmail: input.customerEmail ?? undefined };
  return apiFetch<WaitlistEntryView>('/api/admin/waitlist', { method: 'POST', body });
}

export function useAddWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWaitlistEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}
