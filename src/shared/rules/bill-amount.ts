// 'Importe de la cuenta' (issue 47, item 3): which bookings take a bill (decision 044), and a euro amount as
// Spanish staff type it, read into cents.
import { BILL_CENTS_MAX } from '../limits.ts';
import type { ArrivalStatus, ReservationStatus } from '../schemas/reservation.ts';
import { guestOutcome } from './guests.ts';

/** Why a booking takes no bill: cancelled, a no-show, or the guest has not come (yet). */
export type BillRefusal = 'cancelled' | 'noShow' | 'notArrived';

/**
 * A bill belongs to a visit, counted as the guest's figures count it (arrived or completed, not cancelled nor a
 * no-show): every bill entered then counts in the guest's spend and in 'Ticket medio'. Null when it may be entered.
 */
export function billRefusal(booking: { status: ReservationStatus; arrivalStatus: ArrivalStatus }): BillRefusal | null {
  const outcome = guestOutcome(booking);
  if (outcome === 'visit') return null;
  if (outcome === 'cancellation') return 'cancelled';
  return outcome === 'noShow' ? 'noShow' : 'notArrived';
}

export type EuroInput = { ok: true; cents: number | null } | { ok: false; reason: 'invalid' | 'tooLarge' };

// Euros with up to two decimals after a comma or a dot; thousands may be grouped with dots, spaces or, with a
// decimal comma, nothing else ('1.234,50', '1 234,50', '1234.50'). A '€' before or after is allowed.
const GROUPED = /^\d{1,3}(?:[. ]\d{3})+(?:,\d{1,2})?$/;
const PLAIN = /^\d+(?:[.,]\d{1,2})?$/;

/**
 * '45,50', '45.50', '45', '1.234,50', '45,50 €' → cents; empty → null (no bill). A dot followed by exactly three
 * digits groups thousands ('1.234' is 1234 €), as in Spain; any other dot is the decimal point ('45.5' is 45,50 €).
 */
export function parseEuroInput(input: string): EuroInput {
  const spaced = input.replace(/\s+/g, ' ').trim();
  if (spaced === '') return { ok: true, cents: null };
  const text = spaced.replace(/^€\s?|\s?€$/g, '');
  let whole: string;
  let fraction = '';
  if (GROUPED.test(text)) {
    const [integer, decimals = ''] = text.split(',');
    whole = integer!.replace(/[. ]/g, '');
    fraction = decimals;
  } else if (PLAIN.test(text)) {
    [whole, fraction = ''] = text.split(/[.,]/) as [string, string?];
  } else {
    return { ok: false, reason: 'invalid' };
  }
  // Compared as digits first: a long string of digits is no safe integer.
  if (whole.replace(/^0+/, '').length > String(BILL_CENTS_MAX / 100).length) return { ok: false, reason: 'tooLarge' };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > BILL_CENTS_MAX ? { ok: false, reason: 'tooLarge' } : { ok: true, cents };
}

/** The amount as the field shows it for editing: '45,50', the form parseEuroInput reads back. */
export const euroInputOf = (cents: number): string => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
