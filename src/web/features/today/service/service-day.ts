import type { ServiceTimer } from '@shared/rules/seating';
import type { AdminReservation } from '@shared/schemas/staff-reservation';

// The service view's arithmetic (issue 22): which bookings a filter chip keeps, the day's covers and the slots the
// rows are grouped in. Pure, so the 300-booking render stays cheap and the rules are tested on their own.

/** The timer of one booking, when the day's clock says it is late or over its time. */
export type TimerOf = (reservation: AdminReservation) => ServiceTimer | null;

type ServiceBooking = Pick<AdminReservation, 'status' | 'arrivalStatus' | 'numberOfPeople' | 'reservationDate' | 'reservationTime' | 'customerName'>;

export const SERVICE_FILTERS = ['all', 'pending', 'confirmed', 'seated', 'late', 'noShow', 'cancelled'] as const;
export type ServiceFilter = (typeof SERVICE_FILTERS)[number];

/** Each booking's timer, computed once per render of the list (rows, chips and filters all read it). */
export function timersById<T extends { id: string }>(bookings: readonly T[], timerOf: ((booking: T) => ServiceTimer | null) | null): Map<string, ServiceTimer> {
  const timers = new Map<string, ServiceTimer>();
  if (!timerOf) return timers;
  for (const booking of bookings) {
    const timer = timerOf(booking);
    if (timer) timers.set(booking.id, timer);
  }
  return timers;
}

/** How many bookings each filter chip keeps, in one pass. */
export function filterCounts(
  bookings: readonly (ServiceBooking & { id: string })[],
  timers: ReadonlyMap<string, ServiceTimer>,
): Record<ServiceFilter, number> {
  const counts = Object.fromEntries(SERVICE_FILTERS.map((filter) => [filter, 0])) as Record<ServiceFilter, number>;
  for (const booking of bookings) {
    const timer = timers.get(booking.id) ?? null;
    for (const filter of SERVICE_FILTERS) if (matchesServiceFilter(filter, booking, timer)) counts[filter]++;
  }
  return counts;
}

/** Whether a booking shows under a filter chip; a late timer counts as 'Con retraso' before staff mark it. */
export function matchesServiceFilter(filter: ServiceFilter, booking: ServiceBooking, timer: ServiceTimer | null): boolean {
  const { status, arrivalStatus } = booking;
  switch (filter) {
    case 'all':
      return true;
    case 'pending':
      return status === 'pending';
    case 'confirmed':
      return status === 'confirmed';
    case 'seated':
      return status === 'confirmed' && arrivalStatus === 'arrived';
    case 'late':
      return status === 'confirmed' && (arrivalStatus === 'delayed' || timer?.kind === 'late');
    case 'noShow':
      return arrivalStatus === 'no_show' && status !== 'cancelled';
    case 'cancelled':
      return status === 'cancelled';
  }
}

/** Seated: arrived, or already completed (the table has been served). */
function isSeated(booking: ServiceBooking): boolean {
  return booking.status === 'completed' || (booking.status === 'confirmed' && booking.arrivalStatus === 'arrived');
}

/** Still expected at the door: confirmed, neither arrived nor marked 'No vino'. */
function isExpected(booking: ServiceBooking): boolean {
  return booking.status === 'confirmed' && (booking.arrivalStatus === 'pending' || booking.arrivalStatus === 'delayed');
}

export interface ServiceTotals {
  covers: number;
  seated: number;
  expected: number;
}

/** '14 cubiertos · 0 sentados · 14 por llegar': covers are the seated plus the expected, so the line always adds up. */
export function serviceTotals(bookings: readonly ServiceBooking[]): ServiceTotals {
  let seated = 0;
  let expected = 0;
  for (const booking of bookings) {
    if (isSeated(booking)) seated += booking.numberOfPeople;
    else if (isExpected(booking)) expected += booking.numberOfPeople;
  }
  return { covers: seated + expected, seated, expected };
}

/** The half-hour slot a time falls in ('21:07' → '21:00'), so a walk-in seated at any minute joins its slot. */
export function slotOf(time: string): string {
  const [hours = '00', minutes = '00'] = time.split(':');
  return `${hours.padStart(2, '0')}:${Number(minutes) < 30 ? '00' : '30'}`;
}

export interface ServiceSlot<T> {
  date: string;
  slot: string;
  /** Covers of the slot, as in the day's totals (pending and cancelled bookings do not count). */
  covers: number;
  bookings: T[];
}

const byName = new Intl.Collator('es').compare;
/** ISO dates and 'HH:mm' times sort as plain strings. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Bookings by date and half-hour slot, soonest first; within a slot by time, then by name. */
export function groupBySlot<T extends ServiceBooking>(bookings: readonly T[]): ServiceSlot<T>[] {
  const sorted = [...bookings].sort(
    (a, b) =>
      byText(a.reservationDate, b.reservationDate) ||
      byText(a.reservationTime, b.reservationTime) ||
      byName(a.customerName, b.customerName),
  );
  const slots: ServiceSlot<T>[] = [];
  for (const booking of sorted) {
    const slot = slotOf(booking.reservationTime);
    let last = slots.at(-1);
    if (!last || last.date !== booking.reservationDate || last.slot !== slot) {
      last = { date: booking.reservationDate, slot, covers: 0, bookings: [] };
      slots.push(last);
    }
    last.bookings.push(booking);
    if (isSeated(booking) || isExpected(booking)) last.covers += booking.numberOfPeople;
  }
  return slots;
}
