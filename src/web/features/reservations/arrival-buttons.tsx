import { toast } from '@web/lib/lazy-toaster';
import { staffMessages } from '@shared/staff-messages';
import { messages } from '@shared/messages';
import { arrivalAllowed } from '@shared/rules/lifecycle';
import type { AdminReservation, ArrivalChange } from '@shared/schemas/staff-reservation';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { useChangeArrival } from './api/change-arrival';
import { useUndoableToast } from '@web/features/undo/undo-toast';

// Arrival changes, from the card (Reservas and Historial) and from the service view's rows.

const actions = staffMessages.admin.actions;

type SettableArrival = ArrivalChange['arrivalStatus'];

/** Arrival changes with the undoable toast; one mutation serves any number of reservations. */
export function useArrivalChanges() {
  const changeArrival = useChangeArrival();
  const showUndoable = useUndoableToast();
  const set = (reservation: AdminReservation, arrivalStatus: SettableArrival) =>
    void changeArrival.mutateAsync({ id: reservation.id, arrivalStatus, revision: reservation.revision }).then(
      (changed) => showUndoable(staffMessages.admin.toasts.arrivalUpdated, changed),
      (error: unknown) => toast.error(staffMessages.admin.errors.arrivalUpdate, { description: errorMessage(error) }),
    );
  return { set, isPending: changeArrival.isPending, pendingId: changeArrival.isPending ? changeArrival.variables?.id : undefined };
}

/**
 * A confirmed booking whose party is still expected (not arrived, not marked 'No vino'): its primary step is 'Llegó';
 * once the party has arrived it is 'Completar' (issue 52, item 5).
 */
export const awaitsArrival = (reservation: Pick<AdminReservation, 'status' | 'arrivalStatus'>): boolean =>
  reservation.status === 'confirmed' && (reservation.arrivalStatus === 'pending' || reservation.arrivalStatus === 'delayed');

/**
 * Llegó / No vino / Con retraso (the History tab says 'Retraso'). The button of the current state is disabled;
 * any other state can be set from any state. 'Esperando' takes a mistaken one back until the booking is completed
 * (decision 062). A change another session made first is refused (409) and the list reloads (useChangeArrival).
 */
export function ArrivalButtons({
  reservation,
  describedBy,
  short = false,
}: {
  reservation: AdminReservation;
  describedBy?: string;
  short?: boolean;
}) {
  const arrival = useArrivalChanges();
  const buttons: { value: SettableArrival; label: string }[] = [
    { value: 'arrived', label: actions.arrived },
    { value: 'no_show', label: actions.noShow },
    { value: 'delayed', label: short ? actions.delayedShort : actions.delayed },
  ];
  if (reservation.arrivalStatus !== 'pending' && arrivalAllowed(reservation, 'pending')) {
    buttons.push({ value: 'pending', label: messages.arrivalStatus.pending });
  }
  return buttons.map(({ value, label }) => (
    <Button
      key={value}
      variant={value === 'arrived' && awaitsArrival(reservation) ? 'default' : 'outline'}
      size="sm"
      aria-describedby={describedBy}
      aria-pressed={reservation.arrivalStatus === value}
      disabled={reservation.arrivalStatus === value || arrival.isPending}
      onClick={() => arrival.set(reservation, value)}
    >
      {label}
    </Button>
  ));
}
