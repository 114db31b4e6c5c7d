import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GuestList, GuestListQuery } from '@shared/schemas/guest-profile';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';
import { searchParamsOf } from '@web/lib/search-params';

/** Starts with the guests' table: a change of a guest or of their bookings (the trigger's figures) refreshes the page. */
export const guestListQueryKey = (query: GuestListQuery) => liveKey('guests', 'list', query);

/** Changing the search, the segment, the order or the page keeps the previous rows until the new page arrives. */
export function useGuestList(query: GuestListQuery) {
  return useQuery({
    queryKey: guestListQueryKey(query),
    meta: liveMeta('reservations'),
    queryFn: ({ signal }) => apiFetch<GuestList>(`/api/admin/guests?${searchParamsOf(query).toString()}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
