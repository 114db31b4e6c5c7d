import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdReservationSchema,
  type CreatedReservation,
  type PublicReservation,
} from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';
import { availabilityQueryKey } from './get-availability';
import { bookingCalendarQueryKey } from './get-booking-calendar';

/**
 * POST /api/public/reservations. The body carries the browser-generated id: sending it again (a retry, a double
 * click) answers with the same reservation (200) instead of creating a second one (201).
 */
export function createReservation(input: PublicReservation): Promise<CreatedReservation> {
  return apiFetch('/api/public/reservations', { method: 'POST', body: input, schema: createdReservationSchema });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    // A refusal (paused, past, blocked or closed) means what the form showed was out of date.
    onError: (_error, input) => {
      void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(input.reservationDate) });
      void queryClient.invalidateQueries({ queryKey: bookingCalendarQueryKey });
    },
  });
}
