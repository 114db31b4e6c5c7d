import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SelfServiceView, selfServiceViewSchema } from '@shared/schemas/self-service';
import { apiFetch } from '@web/lib/api';
import { selfServiceViewQueryKey } from './get-self-service-view';

export function cancelReservation(token: string): Promise<SelfServiceView> {
  return apiFetch(`/api/public/guest-reservations/${encodeURIComponent(token)}/cancel`, {
    method: 'POST',
    schema: selfServiceViewSchema,
  });
}

export function useCancelReservation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelReservation(token),
    onSuccess: (data) => queryClient.setQueryData(selfServiceViewQueryKey(token), data),
    // Refused (too late, already cancelled): what the page shows is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: selfServiceViewQueryKey(token) }),
  });
}
