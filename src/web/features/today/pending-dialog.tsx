import { staffMessages } from '@shared/staff-messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { usePendingReservations } from './api/get-pending-reservations';
import { relativeDayLabel } from '@web/lib/format';
import { QueryState } from '@web/components/query-state';
import { ReservationActions } from './reservation-actions';
import { ReservationCard } from './reservation-card';

const text = staffMessages.admin.pendingAlerts;

/** Pending reservations from today on, each with 'Hoy', 'Mañana' or its weekday date; confirm, or cancel with a reason. */
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        {pending.data ? (
          pending.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.empty}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {pending.data.map((reservation) => (
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
          )
        ) : (
          <QueryState query={pending} />
        )}
      </DialogContent>
    </Dialog>
  );
}
