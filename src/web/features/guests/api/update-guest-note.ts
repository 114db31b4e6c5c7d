import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GuestNoteInput, guestViewSchema, type GuestView } from '@shared/schemas/guest';
import { apiFetch } from '@web/lib/api';
import { guestQueryKey } from './get-guest';
import { liveKey } from '@web/lib/live-key';

/** The reservation lists carry each guest's note on its cards. */

export interface GuestNoteVariables {
  id: string;
  note: string;
}

/** PUT /api/admin/guests/:id/note; an empty note clears it. */
export function updateGuestNote({ id, note }: GuestNoteVariables): Promise<GuestView> {
  return apiFetch(`/api/admin/guests/${encodeURIComponent(id)}/note`, {
    method: 'PUT',
    body: { note } satisfies GuestNoteInput,
    schema: guestViewSchema,
  });
}

export function useUpdateGuestNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuestNote,
    onSuccess: (guest) => queryClient.setQueryData(guestQueryKey(guest.id), guest),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKey('reservations') }),
  });
}
