import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeRequest,
  type ChangeRequestResult,
  changeRequestResultSchema,
} from '@shared/schemas/self-service';
import { apiFetch } from '@web/lib/api';
import { selfServiceAvailabilityQueryKey } from './get-availability';
import { selfServiceViewQueryKey } from './get-self-service-view';

/** POST …/change-request: a new pending request linked to this reservation. */
export function requestChange(token: string, input: ChangeRequest): Promise<ChangeRequestResult> {
  return apiFetch(`/api/public/guest-reservations/${encodeURIComponent(token)}/change-request`, {
    method: 'POST',
    body: input,
    schema: changeRequestResultSchema,
  });
}

export function useRequestChange(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeRequest) => requestChange(token, input),
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: selfServiceAvailabilityQueryKey(token, input.reservationDate) });
      void queryClient.invalidateQueries({ queryKey: selfServiceViewQueryKey(token) });
    },
  });
}
