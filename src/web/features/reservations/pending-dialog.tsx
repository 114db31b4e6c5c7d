import { staffMessages } from '@shared/staff-messages';
import { usePendingReservations } from './api/get-pending-reservations';
import { relativeDayLabel } from '@web/lib/format';
import { ConfirmAllButton } from './confirm-all-button';
import { ListDialog } from './list-dialog';
import { ReservationActions } from './reservation-actions';
import { ReservationCard } from './reservation-card';

const text = staffMessages.admin.pendingAlerts;

/**
 * Pending reservations from today on, each with 'Hoy', 'Mañana' or its weekday date; confirm, or cancel with a reason,
 * or 'Confirmar todas' at once.
 */
export function PendingDialog({
  open,
  onOpenChange,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
}) {
  const pending = usePendingReservations(open);
  return (
    <ListDialog open={open} onOpenChange={onOpenChange} text={text} query={pending}>
      {(items) => (
        <>
          <div className="flex justify-end">
            <ConfirmAllButton reservations={items} />
          </div>
          <ul className="flex flex-col gap-3">
            {items.map((reservation) => (
              <li key={reservation.id} className="flex flex-col gap-1.5">
                <p className="text-sm font-semibold first-letter:uppercase">
                  {relativeDayLabel(reservation.reservationDate, today)}
                </p>
                <ReservationCard
                  reservation={reservation}
                  actions={(nameId) => (
                    <ReservationActions reservation={reservation} describedBy={nameId} withArrival={false} />
                  )}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </ListDialog>
  );
}
