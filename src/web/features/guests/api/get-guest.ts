import { queryOptions, useQuery } from '@tanstack/react-query';
import { guestViewSchema, type GuestView } from '@shared/schemas/guest';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Starts with the table name, so a live change of guests refreshes an open guest dialog. */
export const guestsQueryKey = liveKey('guests');
export const guestQueryKey = (id: string) => liveKey('guests', id);

/** GET /api/admin/guests/:id: the guest and all its reservations, newest first. */
export function getGuest(id: string, signal?: AbortSignal): Promise<GuestView> {
  return apiFetch(`/api/admin/guests/${encodeURIComponent(id)}`, { schema: guestViewSchema, signal });
}

export const guestQueryOptions = (id: string) =>
  queryOptions({ queryKey: guestQueryKey(id), queryFn: ({ signal }) => getGuest(id, signal) });

export function useGuest(id: string) {
  return useQuery(guestQueryOptions(id));
}
