import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestDuplicate, GuestMergeResult } from '@shared/schemas/guest-profile';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

const path = (id: string) => `/api/admin/guests/${encodeURIComponent(id)}`;

/** The profiles 'Unir clientes' suggests for this guest; refreshed with any change of guests. */
export function useGuestDuplicates(guestId: string) {
  return useQuery({
    queryKey: liveKey('guests', guestId, 'duplicates'),
    queryFn: ({ signal }) => apiFetch<GuestDuplicate[]>(`${path(guestId)}/duplicates`, { signal }),
  });
}

/** POST /api/admin/guests/:id/merge: the other profile joins this one; the lists and the dialog refresh. */
export function useMergeGuests(guestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otherGuestId: string) => apiFetch<GuestMergeResult>(`${path(guestId)}/merge`, { method: 'POST', body: { otherGuestId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: liveKey('guests') });
      void queryClient.invalidateQueries({ queryKey: liveKey('reservations') });
    },
  });
}
