import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** POST /api/admin/reservations/:id/guarantee-link (issue 45, item 7): the guest is emailed a link to save a card. */
export function sendGuaranteeLink(reservationId: string): Promise<{ holdUntil: string }> {
  return apiFetch<{ holdUntil: string }>(`/api/admin/reservations/${encodeURIComponent(reservationId)}/guarantee-link`, { method: 'POST' });
}

/** The card then shows 'Enlace de garantía enviado': the lists refresh. */
export function useSendGuaranteeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendGuaranteeLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKey('reservations') }),
  });
}
