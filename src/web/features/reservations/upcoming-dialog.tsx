import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { Badge } from '@web/components/ui/badge';
import { useUpcomingReservations } from './api/get-upcoming-reservations';
import { formatLongDate } from '@web/lib/format';
import { ListDialog } from './list-dialog';
import { AcceptRejectActions } from './reservation-actions';
import { ReservationCard } from './reservation-card';

const text = staffMessages.admin.upcoming;

/** Reservations from tomorrow on, by day with a count each; pending ones are accepted or rejected (no reason). */
export function UpcomingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const upcoming = useUpcomingReservations(open);
  return (
    <ListDialog open={open} onOpenChange={onOpenChange} text={text} query={upcoming}>
      {(items) => (
        <div className="flex flex-col gap-6">
          {groupByDate(items).map(([date, reservations]) => (
            <DayGroup key={date} date={date} reservations={reservations} />
          ))}
        </div>
      )}
    </ListDialog>
  );
}

function DayGroup({ date, reservations }: { date: string; reservations: AdminReservation[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold first-letter:uppercase">
          {formatLongDate(date)}
        </h3>
        <Badge variant="secondary">
          {reservations.length === 1 ? text.countPerDayOne : formatMessage(text.countPerDay, { count: reservations.length })}
        </Badge>
      </div>
      <ul className="flex flex-col gap-3">
        {reservations.map((reservation) => (
          <li key={reservation.id}>
            <ReservationCard
              reservation={reservation}
              actions={(nameId) => <AcceptRejectActions reservation={reservation} describedBy={nameId} />}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The server orders by date and time, so consecutive rows share a date. */
function groupByDate(reservations: AdminReservation[]): [string, AdminReservation[]][] {
  const groups = new Map<string, AdminReservation[]>();
  for (const reservation of reservations) {
    const group = groups.get(reservation.reservationDate);
    if (group) group.push(reservation);
    else groups.set(reservation.reservationDate, [reservation]);
  }
  return [...groups];
}
