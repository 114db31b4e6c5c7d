import type { AdminReservation } from '@shared/schemas/reservation';
import { ReservationActions } from './reservation-actions';
import { ReservationCard } from './reservation-card';

/** Reservations as the day's cards, each with its actions, two to a row on a wide screen. */
export function ReservationCardList({ reservations, label }: { reservations: readonly AdminReservation[]; label: string }) {
  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-label={label}>
      {reservations.map((reservation) => (
        <li key={reservation.id}>
          <ReservationCard
            className="h-full"
            reservation={reservation}
            actions={(nameId) => <ReservationActions reservation={reservation} describedBy={nameId} />}
          />
        </li>
      ))}
    </ul>
  );
}
