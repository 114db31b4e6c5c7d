import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GuestWaitlistView, guestWaitlistViewSchema } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';
import { waitlistEntryQueryKey } from './get-waitlist-entry';

/** POST …/leave: the entry is taken off the list (status 'removed'); refused once it no longer waits. */
export function leaveWaitlist(token: string): Promise<GuestWaitlistView> {
  return apiFetch(`/api/public/waitlist-entries/${encodeURIComponent(token)}/leave`, {
    method: 'POST',
    schema: guestWaitlistViewSchema,
  });
}

export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveWaitlist(token),
    onSuccess: (data) => queryClient.setQueryData(waitlistEntryQueryKey(token), data),
    // Refused (offered a place meanwhile, already off the list): what the page shows is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: waitlistEntryQueryKey(token) }),
  });
}
