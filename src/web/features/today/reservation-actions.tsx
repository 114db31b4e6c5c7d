import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { staffMessages } from '@shared/staff-messages';
import type { AdminReservation, StatusChange } from '@shared/schemas/reservation';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { useChangeStatus } from './api/change-status';
import { CancelReasonDialog } from './cancel-reason-dialog';
import { ArrivalButtons } from './reservation-card';

const actions = staffMessages.admin.actions;
const toasts = staffMessages.admin.toasts;

/** Status changes with their toasts: 'confirmada', 'cancelada', 'rechazada', 'completada', or the server's reason. */
function useStatusChange(reservation: AdminReservation) {
  const mutation = useChangeStatus();
  const run = (change: StatusChange, successText: string, onSuccess?: () => void) =>
    mutation.mutate(
      { id: reservation.id, change },
      {
        onSuccess: () => {
          toast.success(successText, { description: reservation.customerName });
          onSuccess?.();
        },
        onError: (error) => toast.error(staffMessages.admin.errors.statusUpdate, { description: errorMessage(error) }),
      },
    );
  return { run, isPending: mutation.isPending };
}

/** One action button of a card, told apart from other cards' by the customer's name. */
function ActionButton({
  describedBy,
  disabled,
  outline,
  onClick,
  children,
}: {
  describedBy: string;
  disabled: boolean;
  outline?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant={outline ? 'outline' : 'default'} aria-describedby={describedBy} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

interface ActionsProps {
  reservation: AdminReservation;
  /** The id of the customer's name, which tells the buttons of one card from another's. */
  describedBy: string;
}

/**
 * The Today tab and the pending alerts: a pending reservation is confirmed or cancelled with a reason; a confirmed
 * one (today's list only, `withArrival`) is completed or gets its arrival state.
 */
export function ReservationActions({ reservation, describedBy, withArrival = true }: ActionsProps & { withArrival?: boolean }) {
  const status = useStatusChange(reservation);
  const [cancelling, setCancelling] = useState(false);

  if (reservation.status === 'pending') {
    return (
      <>
        <ActionButton
          describedBy={describedBy}
          disabled={status.isPending}
          onClick={() => status.run({ status: 'confirmed' }, toasts.reservationConfirmed)}
        >
          {actions.confirm}
        </ActionButton>
        <ActionButton describedBy={describedBy} disabled={status.isPending} outline onClick={() => setCancelling(true)}>
          {actions.cancel}
        </ActionButton>
        <CancelReasonDialog
          open={cancelling}
          onOpenChange={setCancelling}
          customerName={reservation.customerName}
          isPending={status.isPending}
          onConfirm={(reason) =>
            status.run({ status: 'cancelled', reason, requireReason: true }, toasts.reservationCancelled, () =>
              setCancelling(false),
            )
          }
        />
      </>
    );
  }
  if (reservation.status === 'confirmed' && withArrival) {
    return (
      <>
        <ActionButton
          describedBy={describedBy}
          disabled={status.isPending}
          onClick={() => status.run({ status: 'completed' }, toasts.reservationCompleted)}
        >
          {actions.complete}
        </ActionButton>
        <ArrivalButtons reservation={reservation} describedBy={describedBy} />
      </>
    );
  }
  return null;
}

/** The upcoming dialog: Aceptar, or Rechazar without a reason. */
export function AcceptRejectActions({ reservation, describedBy }: ActionsProps) {
  const status = useStatusChange(reservation);
  if (reservation.status !== 'pending') return null;
  return (
    <>
      <ActionButton
        describedBy={describedBy}
        disabled={status.isPending}
        onClick={() => status.run({ status: 'confirmed' }, toasts.reservationConfirmed)}
      >
        {actions.accept}
      </ActionButton>
      <ActionButton
        describedBy={describedBy}
        disabled={status.isPending}
        outline
        onClick={() => status.run({ status: 'cancelled', requireReason: false }, toasts.reservationRejected)}
      >
        {actions.reject}
      </ActionButton>
    </>
  );
}
