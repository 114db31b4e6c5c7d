import { useMemo } from 'react';
import { type ServiceTimer, serviceTimer, type Stay } from '@shared/rules/seating';
import { turnMinutes } from '@shared/rules/table-capacity';
import type { SeatingDay } from '@shared/schemas/table';
import { useSeatingDay } from './api/get-seating-day';

// The service view's timers (issue 22): which of today's bookings are late or over their time, for the cards and
// the map. This file is the tables feature's public entry for them.

/** How long a booking of the day holds its table: its turn time by party size in 'Por mesas', else the duración. */
export function stayOfDay(day: Pick<SeatingDay, 'durationMinutes' | 'turnMinutes'>): Stay {
  const turns = day.turnMinutes;
  return turns ? (party: number) => turnMinutes(turns, party) : day.durationMinutes;
}

type TimedBooking = Parameters<typeof serviceTimer>[0];

/** The timer of each of today's bookings at the Madrid minute `now` ('HH:mm'); null until the day's stay rule is known. */
export function useServiceTimers(today: string, now: string): ((booking: TimedBooking) => ServiceTimer | null) | null {
  const { data } = useSeatingDay(today);
  // One function per minute: the service view keys its memoised timers on it.
  return useMemo(() => {
    if (!data) return null;
    const stay = stayOfDay(data);
    const moment = { reservationDate: today, reservationTime: now };
    return (booking) => (booking.reservationDate === today ? serviceTimer(booking, moment, stay) : null);
  }, [data, today, now]);
}
