import { toast } from 'sonner';
import { staffMessages } from '@shared/staff-messages';
import { errorMessage } from '@web/lib/api';
import { useSeatReservation, type SeatReservationInput } from './api/seat-reservation';

const text = staffMessages.admin.seating;

/** Seats (or unseats) a reservation with the toasts: success, each warning (a party larger than the seats), or the refusal. */
export function useSeat() {
  const mutation = useSeatReservation();
  const seat = (input: SeatReservationInput, onDone?: () => void) =>
    mutation.mutate(input, {
      onSuccess: (result) => {
        toast.success(result.tableIds.length > 0 ? text.saved : text.cleared);
        for (const warning of result.warnings) toast.warning(warning);
        onDone?.();
      },
      onError: (failure) => toast.error(text.saveError, { description: errorMessage(failure) }),
    });
  return { seat, isPending: mutation.isPending };
}
