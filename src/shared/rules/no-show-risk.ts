// The no-show risk of an upcoming booking (issue 47, item 4): a points table anyone can read, so staff can see why
// a booking is flagged and the guest can be told what is counted (decision 043, RGPD arts. 13-15, 21 and 22). No
// learned model: every point below is a line of the decision's table.

import { isGuestBooking, type RESERVATION_SOURCES } from '../schemas/reservation.ts';
import type { NoShowRiskLevel, NoShowRiskReason } from '../schemas/no-show-risk.ts';
import { madridInstant } from './madrid-time.ts';

/** The guest's own record, from the trigger-kept columns of `guests`; null when the booking has no guest. */
export interface GuestRecord {
  visits: number;
  noShows: number;
  /** Cancelled by the guest less than 24 hours before the booking's time. */
  lateCancellations: number;
}

export interface NoShowRiskInput {
  history: GuestRecord | null;
  numberOfPeople: number;
  /** Hours from the booking's creation to its time in Madrid (`leadTimeHours`). */
  leadTimeHours: number;
  source: (typeof RESERVATION_SOURCES)[number];
  /** The guest answered 'Confirmo' by WhatsApp or SMS ('Confirmó asistencia'). */
  guestConfirmed: boolean;
  /** A card guarantee is saved for the booking (a `card_guarantees` row in state 'saved'). */
  cardGuaranteeSaved: boolean;
}

export interface NoShowRiskResult {
  level: NoShowRiskLevel;
  score: number;
  /** The factors that counted, in the table's order, raising and lowering alike. */
  reasons: NoShowRiskReason[];
}

/** The points of the decision's table; change both together. */
export const NO_SHOW_RISK_POINTS = {
  perNoShow: 3,
  noShowsCap: 6,
  perLateCancellation: 1,
  lateCancellationsCap: 2,
  firstVisit: 1,
  largeParty: 1,
  veryLargeParty: 2,
  bookedFarAhead: 1,
  webRequest: 1,
  regular: -2,
  guestConfirmed: -3,
  cardGuarantee: -3,
} as const;

export const LARGE_PARTY = 6;
export const VERY_LARGE_PARTY = 10;
/** Booked more than this many hours ahead (14 days): plans made that far ahead change more often. */
export const FAR_AHEAD_HOURS = 14 * 24;
/** A regular: this many visits or more, and never a no-show. */
export const REGULAR_VISITS = 3;

/** Highest score that is still 'baja', and highest that is 'media'. */
const LOW_UP_TO = 1;
const MEDIUM_UP_TO = 3;

export function riskLevelFor(score: number): NoShowRiskLevel {
  if (score <= LOW_UP_TO) return 'baja';
  if (score <= MEDIUM_UP_TO) return 'media';
  return 'alta';
}

/** Hours from `createdAt` to the booking's date and time in Madrid; negative for a booking entered afterwards. */
export function leadTimeHours(createdAt: Date, reservationDate: string, reservationTime: string): number {
  return (madridInstant(reservationDate, reservationTime).getTime() - createdAt.getTime()) / 3_600_000;
}

export function noShowRisk(input: NoShowRiskInput): NoShowRiskResult {
  const P = NO_SHOW_RISK_POINTS;
  const counted: [NoShowRiskReason, number][] = [];
  const history = input.history;
  if (history !== null) {
    if (history.noShows > 0) counted.push(['earlierNoShows', Math.min(history.noShows * P.perNoShow, P.noShowsCap)]);
    if (history.lateCancellations > 0) {
      counted.push(['lateCancellations', Math.min(history.lateCancellations * P.perLateCancellation, P.lateCancellationsCap)]);
    }
    if (history.visits === 0) counted.push(['firstVisit', P.firstVisit]);
  }
  if (input.numberOfPeople >= VERY_LARGE_PARTY) counted.push(['veryLargeParty', P.veryLargeParty]);
  else if (input.numberOfPeople >= LARGE_PARTY) counted.push(['largeParty', P.largeParty]);
  if (input.leadTimeHours > FAR_AHEAD_HOURS) counted.push(['bookedFarAhead', P.bookedFarAhead]);
  if (isGuestBooking(input.source)) counted.push(['webRequest', P.webRequest]);
  if (history !== null && history.visits >= REGULAR_VISITS && history.noShows === 0) counted.push(['regular', P.regular]);
  if (input.guestConfirmed) counted.push(['guestConfirmed', P.guestConfirmed]);
  if (input.cardGuaranteeSaved) counted.push(['cardGuarantee', P.cardGuarantee]);
  const score = counted.reduce((sum, [, points]) => sum + points, 0);
  return { level: riskLevelFor(score), score, reasons: counted.map(([reason]) => reason) };
}
