import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallToConfirm } from '@shared/schemas/no-show-risk';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

export const callToConfirmQueryKey = liveKey('reservations', 'call-to-confirm');

/** Tomorrow's 'alta' bookings (issue 47). */
export function getCallToConfirm(signal?: AbortSignal): Promise<CallToConfirm> {
  return apiFetch<CallToConfirm>('/api/admin/reservations/call-to-confirm', { signal });
}

/** Only asked while the dialog is open; a guest's history or a saved card changes the risk. */
export function useCallToConfirm(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: callToConfirmQueryKey,
      meta: liveMeta('guests', 'card_guarantees'),
      queryFn: ({ signal }) => getCallToConfirm(signal),
      staleTime: 0,
    }),
    enabled,
  });
}
