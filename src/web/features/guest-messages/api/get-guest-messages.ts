import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestMessagesView } from '@shared/schemas/messaging';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

export const guestMessagesKey = (id: string) => liveKey('reservations', 'messages', id);

export function getGuestMessages(id: string, signal?: AbortSignal): Promise<GuestMessagesView> {
  return apiFetch<GuestMessagesView>(`/api/admin/reservations/${encodeURIComponent(id)}/messages`, { signal });
}

/** A booking's messages; a change to the booking (a message queued, answered or delivered) asks for them again. */
export function useGuestMessages(id: string) {
  return useQuery(
    queryOptions({
      queryKey: guestMessagesKey(id),
      queryFn: ({ signal }) => getGuestMessages(id, signal),
      staleTime: 0,
    }),
  );
}
