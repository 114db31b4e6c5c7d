import { Suspense, useState, type ReactNode } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { staffActions } from '@shared/rules/lifecycle';
import { staffMessages } from '@shared/staff-messages';
import type { AdminReservation, StatusChange } from '@shared/schemas/staff-reservation';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { useChangeStatus } from './api/change-status';
import { ArrivalButtons, awaitsArrival, useArrivalChanges } from './arrival-buttons';
import { useUndoableToast } from '@web/features/undo/undo-toast';

// Loaded when a 'Cancelar' is first pressed: the rows of a day render no dialog.
const CancelReasonDialog = preloadableLazy(() => import('./cancel-reason-dialog').then((module) => ({ default: module.CancelReasonDialog })));

const actions = staffMessages.admin.actions;
const toasts = staffMessages.admin.toasts;
const upcoming = staffMessages.admin.upcoming;

/**
 * Status changes with their toasts: 'confirmada', 'cancelada', 'rechazada', 'completada', or the server's reason.
 * Through the promise, not mutate's callbacks: those are skipped when the card is gone by the time the answer comes
 * (a cancelled booking leaves the pending list as soon as the list refreshes), and the toast must still show.
 * One mutation serves any number of reservations (the service view's rows share one).
 */
function useStatusChanges() {
  const mutation = useChangeStatus();
  const showUndoable = useUndoableToast();
  const run = (reservation: AdminReservation, change: StatusChange, successText: string, onSuccess?: () => void) =>
    void mutation.mutateAsync({ id: reservation.id, change: { ...change, from: reservation.status } }).then(
      (changed) => {
        showUndoable(successText, changed, reservation.customerName);
        onSuccess?.();
      },
      (error: unknown) => toast.error(staffMessages.admin.errors.statusUpdate, { description: errorMessage(error) }),
    );
  return { run, isPending: mutation.isPending, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}

function useStatusChange(reservation: AdminReservation) {
  const changes = useStatusChanges();
  return {
    run: (change: StatusChange, successText: string, onSuccess?: () => void) => changes.run(reservation, change, successText, onSuccess),
    isPending: changes.isPending,
  };
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

/** Cancelar with its reason dialog (spec point 5), for a pending or a confirmed reservation. */
export function CancelReservation({ reservation, describedBy }: ActionsProps) {
  return <CancelButton reservation={reservation} describedBy={describedBy} status={useStatusChange(reservation)} />;
}

/** The dialog is mounted while open only: a list of requests renders one button per row, not one dialog each. */
function CancelButton({ reservation, describedBy, status }: ActionsProps & { status: ReturnType<typeof useStatusChange> }) {
  const [cancelling, setCancelling] = useState(false);
  if (!staffActions(reservation).includes('cancel')) return null;
  return (
    <>
      <ActionButton describedBy={describedBy} disabled={status.isPending} outline onClick={() => setCancelling(true)}>
        {actions.cancel}
      </ActionButton>
      {cancelling && (
        <Suspense fallback={null}>
          <CancelReasonDialog
            open
            onOpenChange={setCancelling}
            customerName={reservation.customerName}
            isPending={status.isPending}
            onConfirm={(reason) =>
              status.run({ status: 'cancelled', reason, requireReason: true }, toasts.reservationCancelled, () => setCancelling(false))
            }
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The Today tab and the pending alerts, as the lifecycle allows (shared/rules/lifecycle.ts): a pending reservation is
 * confirmed or cancelled with a reason; a confirmed one (today's list only, `withArrival`) is completed (never a
 * 'No vino' one), cancelled with a reason, or gets its arrival state.
 */
export function ReservationActions({ reservation, describedBy, withArrival = true }: ActionsProps & { withArrival?: boolean }) {
  const status = useStatusChange(reservation);
  const allowed = staffActions(reservation);
  if (reservation.status === 'confirmed' && !withArrival) return null;
  return (
    <>
      {allowed.includes('confirm') && (
        <ActionButton
          describedBy={describedBy}
          disabled={status.isPending}
          onClick={() => status.run({ status: 'confirmed' }, toasts.reservationConfirmed)}
        >
          {actions.confirm}
        </ActionButton>
      )}
      {allowed.includes('complete') && (
        <ActionButton
          describedBy={describedBy}
          disabled={status.isPending}
          // Before the party arrives, 'Llegó' is the primary button; 'Completar' is once they have.
          outline={awaitsArrival(reservation)}
          onClick={() => status.run({ status: 'completed' }, toasts.reservationCompleted)}
        >
          {actions.complete}
        </ActionButton>
      )}
      <CancelButton reservation={reservation} describedBy={describedBy} status={status} />
      {reservation.status === 'confirmed' && <ArrivalButtons reservation={reservation} describedBy={describedBy} />}
    </>
  );
}

/** The service view's next steps, one mutation each for all its rows: a 300-booking day must render fast. */
export function useNextSteps() {
  const status = useStatusChanges();
  const arrival = useArrivalChanges();
  return {
    complete: (reservation: AdminReservation) => status.run(reservation, { status: 'completed' }, toasts.reservationCompleted),
    arrive: (reservation: AdminReservation) => arrival.set(reservation, 'arrived'),
    /** The reservation a step is being saved for. */
    busyId: status.pendingId ?? arrival.pendingId,
  };
}
export type NextSteps = ReturnType<typeof useNextSteps>;

/**
 * The one next step on a row of the service view, the primary (filled) button: Confirmar and Cancelar for a request,
 * 'Llegó' for a guest still expected, 'Completar' for a seated party. Everything else is in the booking's detail.
 */
export function NextStepActions({ reservation, describedBy, steps }: ActionsProps & { steps: NextSteps }) {
  if (reservation.status === 'pending') return <ReservationActions reservation={reservation} describedBy={describedBy} withArrival={false} />;
  if (reservation.status !== 'confirmed' || reservation.arrivalStatus === 'no_show') return null;
  const arrived = reservation.arrivalStatus === 'arrived';
  if (arrived && !staffActions(reservation).includes('complete')) return null;
  return (
    <ActionButton
      describedBy={describedBy}
      disabled={steps.busyId === reservation.id}
      onClick={() => (arrived ? steps.complete(reservation) : steps.arrive(reservation))}
    >
      {arrived ? actions.complete : actions.arrived}
    </ActionButton>
  );
}

/** The upcoming dialog: Aceptar, or Rechazar without a reason once staff confirm it. */
export function AcceptRejectActions({ reservation, describedBy }: ActionsProps) {
  const status = useStatusChange(reservation);
  const [rejecting, setRejecting] = useState(false);
  if (!staffActions(reservation).includes('reject')) return null;
  return (
    <>
      <ActionButton
        describedBy={describedBy}
        disabled={status.isPending}
        onClick={() => status.run({ status: 'confirmed' }, toasts.reservationConfirmed)}
      >
        {actions.accept}
      </ActionButton>
      <ConfirmDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={upcoming.rejectTitle}
        description={formatMessage(upcoming.rejectDescription, { name: reservation.customerName })}
        confirmLabel={actions.reject}
        keepLabel={upcoming.rejectKeep}
        destructive
        isPending={status.isPending}
        onConfirm={() => status.run({ status: 'cancelled', requireReason: false }, toasts.reservationRejected, () => setRejecting(false))}
        trigger={
          <Button size="sm" variant="outline" aria-describedby={describedBy} disabled={status.isPending}>
            {actions.reject}
          </Button>
        }
      />
    </>
  );
}
