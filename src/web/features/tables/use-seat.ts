import { toast } from '@web/lib/lazy-toaster';
import { tableMessages } from '@shared/staff-messages/tables';
import { errorMessage } from '@web/lib/api';
import { useUndoableToast } from '@web/features/undo/undo-toast';
import { useSeatReservation, type SeatReservationInput } from './api/seat-reservation';

const text = tableMessages.seating;

/** Seats (or unseats) a reservation with the toasts: success with 'Deshacer', each warning (a floor rule broken), or the refusal. */
export function useSeat() {
  const mutation = useSeatReservation();
  const showUndoable = useUndoableToast();
  const seat = (input: SeatReservationInput, onDone?: () => void) =>
    mutation.mutate(input, {
      onSuccess: (result) => {
        showUndoable(result.tableIds.length > 0 ? text.saved : text.cleared, result);
        for (const warning of result.warnings) toast.warning(warning);
        onDone?.();
      },
      onError: (failure) => toast.error(text.saveError, { description: errorMessage(failure) }),
    });
  return { seat, isPending: mutation.isPending };
}
