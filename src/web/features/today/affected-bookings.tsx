import { formatMessage } from '@shared/messages';
import type { ActiveReservationsQuery } from '@shared/schemas/reservation';
import { staffMessages } from '@shared/staff-messages';
import { formatTime } from '@web/lib/format';
import { useActiveReservations } from './api/get-active-reservations';

// The bookings a closure or a time block would hit, listed before anything is saved (issue 19); a feature's public
// entry, used by the block-day dialog and the time blocks of Configuración › Horarios.

/** Nothing until `query` is complete, and nothing when no active booking is hit. */
export function AffectedBookings({ query, intro }: { query: ActiveReservationsQuery | null; intro: { one: string; many: string } }) {
  const active = useActiveReservations(query);
  if (!active.data || active.data.length === 0) return null;
  return (
    <div role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
      <p className="font-medium">{active.data.length === 1 ? intro.one : formatMessage(intro.many, { count: active.data.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {active.data.map((reservation) => (
          <li key={reservation.id}>
            {formatMessage(staffMessages.admin.affected.item, {
              time: formatTime(reservation.reservationTime),
              name: reservation.customerName,
              people: reservation.numberOfPeople,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
