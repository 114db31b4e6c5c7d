import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestMessagesView } from '@shared/schemas/messaging';
import type { StaffReply } from '@shared/schemas/guest-message-reply';
import { apiFetch } from '@web/lib/api';
import { guestMessagesKey } from './get-guest-messages';

/** POST /api/admin/reservations/:id/messages; 409 once WhatsApp's 24-hour window has closed. */
export function replyToGuest(id: string, reply: StaffReply): Promise<GuestMessagesView> {
  return apiFetch<GuestMessagesView>(`/api/admin/reservations/${encodeURIComponent(id)}/messages`, { method: 'POST', body: reply });
}

export function useReplyToGuest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: StaffReply) => replyToGuest(id, reply),
    onSuccess: (view) => queryClient.setQueryData(guestMessagesKey(id), view),
  });
}
