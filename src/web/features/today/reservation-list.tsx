import type { ServiceTimer } from '@shared/rules/seating';
import type { AdminReservation } from '@shared/schemas/reservation';
import { ReservationActions } from './reservation-actions';
import { ReservationCard } from './reservation-card';

/** The timer of one booking, when the day's clock says it is late or over its time. */
export type TimerOf = (reservation: AdminReservation) => ServiceTimer | null;

/** Reservations as the day's cards, each with its actions and its timer, two to a row on a wide screen. */
export function ReservationCardList({ reservations, label, timerOf }: { reservations: readonly AdminReservation[]; label: string; timerOf: TimerOf | null }) {
  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-label={label}>
      {reservations.map((reservation) => (
        <li key={reservation.id}>
          <ReservationCard
            className="h-full"
            reservation={reservation}
            timer={timerOf?.(reservation) ?? null}
            actions={(nameId) => <ReservationActions reservation={reservation} describedBy={nameId} />}
          />
        </li>
      ))}
    </ul>
  );
}
