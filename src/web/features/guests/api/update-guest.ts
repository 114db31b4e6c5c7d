import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GuestNoteInput, type GuestTagsInput, guestViewSchema, type GuestView } from '@shared/schemas/guest';
import { apiFetch } from '@web/lib/api';
import { guestQueryKey } from './get-guest';
import { liveKey } from '@web/lib/live-key';

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

export type GuestTagsVariables = GuestTagsInput & { id: string };

/** PUT /api/admin/guests/:id/tags: the guest's tags and allergens (issue 22). */
export function updateGuestTags({ id, tags, allergens }: GuestTagsVariables): Promise<GuestView> {
  return apiFetch(`/api/admin/guests/${encodeURIComponent(id)}/tags`, {
    method: 'PUT',
    body: { tags, allergens } satisfies GuestTagsInput,
    schema: guestViewSchema,
  });
}

/** A change to the guest: the dialog takes the answer, and the reservation lists (which show it on each card) refresh. */
function useGuestUpdate<Variables>(update: (variables: Variables) => Promise<GuestView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: update,
    onSuccess: (guest) => queryClient.setQueryData(guestQueryKey(guest.id), guest),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKey('reservations') }),
  });
}

export const useUpdateGuestNote = () => useGuestUpdate(updateGuestNote);
export const useUpdateGuestTags = () => useGuestUpdate(updateGuestTags);
