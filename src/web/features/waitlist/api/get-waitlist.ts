import { useQuery } from '@tanstack/react-query';
import type { WaitlistEntryView } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

/** Every waitlist query starts with the table name, so a live change of an entry (or an offer) refreshes it. */
export const waitlistQueryKey = liveKey('waitlist_entries');
export const waitlistDateQueryKey = (date: string) => liveKey('waitlist_entries', date);

/**
 * GET /api/admin/waitlist?date=: the date's entries, those still waiting first (oldest first), then the rest newest
 * first. Typed, not parsed: see decision 023.
 */
export function getWaitlist(date: string, signal?: AbortSignal): Promise<WaitlistEntryView[]> {
  return apiFetch<WaitlistEntryView[]>(`/api/admin/waitlist?date=${encodeURIComponent(date)}`, { signal });
}

/**
 * Only asked while the dialog is open; a booking cancelled or taken may change whom a place is offered to, and a
 * card's hold starting or ending whether an accepted offer waits for its card.
 */
export function useWaitlist(date: string) {
  return useQuery({
    queryKey: waitlistDateQueryKey(date),
    queryFn: ({ signal }) => getWaitlist(date, signal),
    staleTime: 0,
    meta: liveMeta('reservations', 'guarantee_holds'),
  });
}
