import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedReservation, HeldReservation, PublicReservation } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';
import { bookingOrigin } from '../booking-origin';
import { withBookingProof } from './booking-proof';
import { availabilityQueryKey } from './get-availability';
import { bookingCalendarQueryKey } from './get-booking-calendar';
import { monthAvailabilityQueries } from './get-month-availability';

/**
 * POST /api/public/reservations. The body carries the browser-generated id: sending it again (a retry, a double
 * click) answers with the same reservation (200) instead of creating a second one (201). Past a few requests from
 * one address, the server asks for a proof of work first (withBookingProof). A booking the card guarantee's rules
 * ask a card for answers 202 with the payment provider's page (issue 45).
 */
export async function createReservation(input: PublicReservation): Promise<CreatedReservation | HeldReservation> {
  // The schema (and zod with it) comes with the first booking, not with the landing page.
  const { createdReservationSchema, heldReservationSchema } = await import('@shared/schemas/reservation');
  const schema = createdReservationSchema.or(heldReservationSchema);
  const body = { ...input, origin: bookingOrigin() };
  return withBookingProof((headers) => apiFetch('/api/public/reservations', { method: 'POST', body, schema, headers }));
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    // A booking fills its day: the calendar's months ask again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: monthAvailabilityQueries }),
    // A refusal (paused, past, blocked or closed) means what the form showed was out of date.
    onError: (_error, input) => {
      void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(input.reservationDate) });
      void queryClient.invalidateQueries({ queryKey: bookingCalendarQueryKey });
      void queryClient.invalidateQueries({ queryKey: monthAvailabilityQueries });
    },
  });
}
