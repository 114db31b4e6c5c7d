import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SelfServiceView, selfServiceViewSchema } from '@shared/schemas/self-service';
import { apiFetch } from '@web/lib/api';
import { guestReservationQueryKey } from './get-guest-reservation';

export function cancelGuestReservation(token: string): Promise<SelfServiceView> {
  return apiFetch(`/api/public/guest-reservations/${encodeURIComponent(token)}/cancel`, {
    method: 'POST',
    schema: selfServiceViewSchema,
  });
}

export function useCancelGuestReservation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelGuestReservation(token),
    onSuccess: (data) => queryClient.setQueryData(guestReservationQueryKey(token), data),
    // Refused (too late, already cancelled): what the page shows is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: guestReservationQueryKey(token) }),
  });
}
