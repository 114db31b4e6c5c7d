// How a guest is recognised across reservations (issue 11, guest history): by email, else by phone, both reduced
// to one spelling. The backfill migration (server/db/migrations/0007_guest_backfill.sql) repeats normalisePhone in
// SQL; tests/api/guest-history.test.ts checks that both agree.

import { formatCount } from '../messages.ts';
import { staffMessages } from '../staff-messages.ts';
import type { ArrivalStatus, ReservationStatus } from '../schemas/reservation.ts';

/** Spain's country code: a Spanish number keeps only its 9 national digits, as guests usually type it. */
const SPAIN_CODE = '34';
const SPANISH_INTERNATIONAL = /^34\d{9}$/;
/** A '+' before the first digit marks an international number, whatever punctuation comes before it ('(+34)'). */
const LEADING_PLUS = /^[^0-9+]*\+/;

export function normaliseEmail(email: string | null | undefined): string | null {
  const normalised = (email ?? '').trim().toLowerCase();
  return normalised === '' ? null : normalised;
}

/**
 * Digits only, with '+' for a foreign number: '+34 600 11 22 33', '0034600112233' and '600-11-22-33' are all
 * '600112233'; '0044 20 7946 0958' is '+442079460958'. A number without any digit is no phone (null).
 */
export function normalisePhone(phone: string | null | undefined): string | null {
  const raw = phone ?? '';
  const digits = raw.replace(/\D/g, '');
  if (digits === '') return null;
  const international = LEADING_PLUS.test(raw) ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  if (international === null) return digits;
  if (international === '') return null;
  if (SPANISH_INTERNATIONAL.test(international)) return international.slice(SPAIN_CODE.length);
  return `+${international}`;
}

/** A search that is a phone number or a piece of one: digits with the spaces and punctuation people type. */
const PHONE_LIKE = /^[\s().\-/+]*\d[\d\s().\-/]*$/;
/** Fewer digits match too many numbers to mean anything. */
const PHONE_SEARCH_MIN_DIGITS = 3;

/**
 * The digits to look for in the staff's search when it is a phone number or part of one, however written:
 * '633 444 555', '633-444-555' and '+34 633444555' all look for '633444555' (issue 22). Null when the search is
 * a name or an email, or has fewer than three digits.
 */
export function phoneSearchDigits(search: string): string | null {
  if (!PHONE_LIKE.test(search)) return null;
  const normalised = (normalisePhone(search) ?? '').replace('+', '');
  // '34633444555' typed without its '+' is a Spanish number too.
  const digits = SPANISH_INTERNATIONAL.test(normalised) ? normalised.slice(SPAIN_CODE.length) : normalised;
  return digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null;
}

/** What one reservation adds to its guest's history; one of the three at most. */
export type GuestOutcome = 'visit' | 'noShow' | 'cancellation';

interface OutcomeFields {
  status: ReservationStatus;
  arrivalStatus: ArrivalStatus;
}

/**
 * A cancelled reservation is a cancellation whatever its arrival; otherwise the guest came when staff marked the
 * arrival or completed it, unless they marked a no-show. guests/queries.ts counts the same way in SQL.
 */
export function guestOutcome({ status, arrivalStatus }: OutcomeFields): GuestOutcome | null {
  if (status === 'cancelled') return 'cancellation';
  if (arrivalStatus === 'no_show') return 'noShow';
  if (arrivalStatus === 'arrived' || status === 'completed') return 'visit';
  return null;
}

export interface GuestCounts {
  visits: number;
  noShows: number;
  cancellations: number;
}

const g = staffMessages.guests;

/** '3 visitas · 1 no vino · 2 canceladas', zero parts left out; 'Primera visita' for a guest with no history. */
export function guestHistoryLabel({ visits, noShows, cancellations }: GuestCounts): string {
  const parts = [
    visits ? formatCount(visits, g.visitsOne, g.visitsMany) : '',
    noShows ? formatCount(noShows, g.noShowsOne, g.noShowsMany) : '',
    cancellations ? formatCount(cancellations, g.cancellationsOne, g.cancellationsMany) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : g.firstVisit;
}
