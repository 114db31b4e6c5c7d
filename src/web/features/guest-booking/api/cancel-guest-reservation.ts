import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GuestReservation, guestReservationSchema } from '@shared/schemas/guest-reservation';
import { apiFetch } from '@web/lib/api';
import { guestReservationQueryKey } from './get-guest-reservation';

export function cancelGuestReservation(token: string): Promise<GuestReservation> {
  return apiFetch(`/api/public/guest-reservations/${encodeURIComponent(token)}/cancel`, {
    method: 'POST',
    schema: guestReservationSchema,
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
