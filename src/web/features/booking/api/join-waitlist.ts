import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicWaitlistEntry, WaitlistJoined } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';
import { withBookingProof } from './booking-proof';
import { availabilityQueryKey } from './get-availability';

/**
 * POST /api/public/waitlist. The body carries the browser-generated id: sending it again (a retry, a double click)
 * answers with the same entry (200) instead of a second one (201).
 */
export async function joinWaitlist(input: PublicWaitlistEntry): Promise<WaitlistJoined> {
  // The schema (and zod with it) comes with the first request, not with the landing page.
  const { waitlistJoinedSchema } = await import('@shared/schemas/waitlist');
  return withBookingProof((headers) =>
    apiFetch('/api/public/waitlist', { method: 'POST', body: input, schema: waitlistJoinedSchema, headers }),
  );
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    // A refusal (the time has room again, is paused or past, the day closed) means the form's slots are out of date.
    onError: (_error, input) => void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(input.reservationDate) }),
  });
}
