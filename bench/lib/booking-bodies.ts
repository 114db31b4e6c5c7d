import { randomUUID } from 'node:crypto';
import { BOOKING_WINDOW_DAYS } from '@shared/limits.ts';
import { addDays, dayOfWeek, madridToday } from '@shared/rules/madrid-time.ts';

/** Open dates of the public window: tomorrow (no slot is in the past) to the window's last day but one, no Mondays. */
export function bookableDates(now = new Date()): string[] {
  const today = madridToday(now);
  const dates: string[] = [];
  for (let offset = 1; offset < BOOKING_WINDOW_DAYS; offset += 1) {
    const date = addDays(today, offset);
    if (dayOfWeek(date) !== 1) dates.push(date);
  }
  return dates;
}

export interface BookingPlan {
  dates: string[];
  times: string[];
  /** Makes emails unique across runs against one database. */
  runId: string;
  /** First client address index: runs against one server never share an address (30 requests/10 min per IP). */
  ipOffset: number;
}

/**
 * The n-th request of a plan: its own id and guest email (so the 3-per-email-per-day rule never bites), dates and
 * times walked round-robin so the load spreads over the whole window, and its own client address.
 */
export function bookingRequest(plan: BookingPlan, n: number) {
  const date = plan.dates[n % plan.dates.length]!;
  const time = plan.times[Math.floor(n / plan.dates.length) % plan.times.length]!;
  const body = {
    id: randomUUID(),
    customerName: 'Invitada Banco',
    customerPhone: '+34 600 123 456',
    customerEmail: `bench-${plan.runId}-${n}@example.com`,
    numberOfPeople: 1 + (n % 6),
    reservationDate: date,
    reservationTime: time,
    specialRequirement: '',
    privacyConsent: true,
  };
  const ip = plan.ipOffset + n;
  return { body, forwardedFor: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` };
}
