import { useQuery } from '@tanstack/react-query';
import type { GuestProfilePage } from '@shared/schemas/guest-profile-page';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

/**
 * Starts with the guests' table, so a change of the guest (a note, a tag, a merge) refreshes the page; their bookings,
 * messages and consents too.
 */
export const guestProfileQueryKey = (id: string) => liveKey('guests', id, 'profile');

/** GET /api/admin/guests/:id/profile. */
export function useGuestProfile(id: string) {
  return useQuery({
    queryKey: guestProfileQueryKey(id),
    meta: liveMeta('reservations'),
    queryFn: ({ signal }) => apiFetch<GuestProfilePage>(`/api/admin/guests/${encodeURIComponent(id)}/profile`, { signal }),
  });
}
