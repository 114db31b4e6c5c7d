import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GuestErased, guestErasedSchema } from '@shared/schemas/privacy';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';
import { guestQueryKey, guestsQueryKey } from './get-guest';

/** POST /api/admin/guests/:id/erasure: the guest's personal data erased everywhere (issue 24); cannot be undone. */
export function eraseGuest(id: string): Promise<GuestErased> {
  return apiFetch(`/api/admin/guests/${encodeURIComponent(id)}/erasure`, {
    method: 'POST',
    body: { confirm: true },
    schema: guestErasedSchema,
  });
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/**
 * The reservation lists (whose cards now read 'Cliente borrado'), the other guests and Seguridad's record refresh;
 * the erased guest's own query is dropped rather than asked again (it is gone: a 404), with the data it held.
 *
 * The refreshes are not awaited: the caller's own onSuccess (the toast, closing the dialogs) runs at once, before the
 * refreshed card, which no longer has a guest, takes the guest dialog away with it.
 */
export function useEraseGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseGuest,
    onSuccess: ({ guestId }) => {
      const erased = guestQueryKey(guestId);
      queryClient.removeQueries({ queryKey: erased, exact: true });
      void queryClient.invalidateQueries({ queryKey: liveKey('reservations') });
      void queryClient.invalidateQueries({ queryKey: guestsQueryKey, predicate: (query) => !sameKey(query.queryKey, erased) });
      void queryClient.invalidateQueries({ queryKey: liveKey('privacy_events') });
    },
  });
}
