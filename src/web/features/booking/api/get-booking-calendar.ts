import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingCalendar } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Starts with the table name so that a live change of date_exceptions invalidates it. */
export const bookingCalendarQueryKey = liveKey('date_exceptions', 'calendar');

/**
 * Typed, not parsed: a zod parse here would put zod in the landing page's initial JavaScript (PERFORMANCE.md, guest
 * page weight). The answer comes from Mesa's own server, which builds it with the same shared type.
 */
export function getBookingCalendar(signal?: AbortSignal): Promise<BookingCalendar> {
  return apiFetch<BookingCalendar>('/api/public/calendar', { signal });
}

/**
 * Spec point 4 'Refresh timing': closed dates refetch on mount, window focus and reconnect. A stale time of zero
 * makes all three refetch (each only refetches stale data); it also moves "today" on after midnight.
 */
export const bookingCalendarQueryOptions = () =>
  queryOptions({
    queryKey: bookingCalendarQueryKey,
    queryFn: ({ signal }) => getBookingCalendar(signal),
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export function useBookingCalendar() {
  return useQuery(bookingCalendarQueryOptions());
}
