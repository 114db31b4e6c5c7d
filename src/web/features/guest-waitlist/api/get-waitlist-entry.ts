import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GuestWaitlistView, guestWaitlistViewSchema } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';

export const waitlistEntryQueryKey = (token: string) => ['guest-waitlist-entry', token] as const;

/** A read only: opening the page never changes the entry. */
export function getWaitlistEntry(token: string, signal?: AbortSignal): Promise<GuestWaitlistView> {
  return apiFetch(`/api/public/waitlist-entries/${encodeURIComponent(token)}`, { signal, schema: guestWaitlistViewSchema });
}

export const waitlistEntryQueryOptions = (token: string) =>
  queryOptions({
    queryKey: waitlistEntryQueryKey(token),
    queryFn: ({ signal }) => getWaitlistEntry(token, signal),
    // An unknown link stays unknown: asking again would not help.
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });

export function useWaitlistEntry(token: string) {
  return useQuery(waitlistEntryQueryOptions(token));
}
