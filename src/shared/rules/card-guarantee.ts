// Which bookings need a card guarantee, and what the card answers for (issue 45, decision 041).
import type { CardGuaranteeRules, GuaranteeTerms, PublicCardGuarantee } from '../schemas/card-guarantee.ts';
import { compareTime, dayOfWeek, madridInstant } from './madrid-time.ts';

export interface GuaranteedBooking {
  numberOfPeople: number;
  reservationDate: string;
  reservationTime: string;
}

const HOUR_MS = 3_600_000;

/**
 * The terms a booking is held to, or null when it needs no card. The rule's criteria (party size, weekday and time,
 * marked dates) are alternatives: any one that matches asks for a card; with none set, every booking does.
 */
export function guaranteeTermsFor(rules: CardGuaranteeRules, booking: GuaranteedBooking): GuaranteeTerms | null {
  if (!rules.enabled) return null;
  const criteria = [
    rules.fromPeople !== null ? booking.numberOfPeople >= rules.fromPeople : null,
    rules.windows.length > 0
      ? rules.windows.some(
          (window) =>
            window.weekday === dayOfWeek(booking.reservationDate) &&
            compareTime(booking.reservationTime, window.from) >= 0 &&
            compareTime(booking.reservationTime, window.to) <= 0,
        )
      : null,
    rules.dates.length > 0 ? rules.dates.includes(booking.reservationDate) : null,
  ].filter((criterion) => criterion !== null);
  if (criteria.length > 0 && !criteria.includes(true)) return null;
  return {
    amountPerPersonCents: rules.amountPerPersonCents,
    freeCancellationHours: rules.freeCancellationHours,
    holdMinutes: rules.holdMinutes,
  };
}

/** The same rule over the public settings' guarantee (null: off, or no provider to ask the card through). */
export const publicGuaranteeTermsFor = (guarantee: PublicCardGuarantee | null, booking: GuaranteedBooking): GuaranteeTerms | null =>
  guarantee ? guaranteeTermsFor({ ...guarantee, enabled: true }, booking) : null;

/** The last moment the guest can cancel without a fee. */
export function freeCancellationEnds(booking: Omit<GuaranteedBooking, 'numberOfPeople'>, freeCancellationHours: number): Date {
  return new Date(madridInstant(booking.reservationDate, booking.reservationTime).getTime() - freeCancellationHours * HOUR_MS);
}

/** Cancelling now releases the card without a fee. No free hours (0): no cancellation is free, as the policy says. */
export function cancelsFree(booking: Omit<GuaranteedBooking, 'numberOfPeople'>, freeCancellationHours: number, now: Date): boolean {
  return freeCancellationHours > 0 && now.getTime() <= freeCancellationEnds(booking, freeCancellationHours).getTime();
}

/** The fee for the people who did not come. */
export const noShowFeeCents = (amountPerPersonCents: number, people: number): number => amountPerPersonCents * people;
