import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type GuestChangeRequest,
  type GuestChangeResult,
  guestChangeResultSchema,
} from '@shared/schemas/guest-reservation';
import { apiFetch } from '@web/lib/api';
import { guestAvailabilityQueryKey } from './get-availability';
import { guestReservationQueryKey } from './get-guest-reservation';

/** POST …/change-request: a new pending request linked to this reservation. */
export function requestChange(token: string, input: GuestChangeRequest): Promise<GuestChangeResult> {
  return apiFetch(`/api/public/guest-reservations/${encodeURIComponent(token)}/change-request`, {
    method: 'POST',
    body: input,
    schema: guestChangeResultSchema,
  });
}

export function useRequestChange(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuestChangeRequest) => requestChange(token, input),
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: guestAvailabilityQueryKey(token, input.reservationDate) });
      void queryClient.invalidateQueries({ queryKey: guestReservationQueryKey(token) });
    },
  });
}
