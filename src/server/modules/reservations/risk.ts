// The no-show risk the staff lists carry (issue 47, item 4; decision 043). It reads nothing of its own: the guest's
// figures and the card come with the lists' guest and guarantee reads, so the risk costs no query.
import { noShowRisk, leadTimeHours } from '@shared/rules/no-show-risk.ts';
import type { NoShowRisk } from '@shared/schemas/no-show-risk.ts';
import type { GuestSummary } from '@shared/schemas/reservation.ts';
import type { ReservationRow } from './admin-queries.ts';

type RiskFields = Pick<
  ReservationRow,
  'status' | 'arrivalStatus' | 'source' | 'reservationDate' | 'reservationTime' | 'numberOfPeople' | 'createdAt' | 'guestConfirmedAt'
>;

/** Only a booking still to come can fail to show: pending or confirmed, nobody arrived yet, today or later. */
export function hasNoShowRisk(row: RiskFields, today: string): boolean {
  return (
    (row.status === 'pending' || row.status === 'confirmed') &&
    (row.arrivalStatus === 'pending' || row.arrivalStatus === 'delayed') &&
    row.source !== 'walk_in' &&
    row.reservationDate >= today
  );
}

/** The risk of one booking, from its guest's summary (null: no guest) and whether its card is saved. */
export function riskOf(
  row: RiskFields,
  today: string,
  guest: Pick<GuestSummary, 'visits' | 'noShows' | 'lateCancellations'> | null,
  cardGuaranteeSaved: boolean,
): NoShowRisk | null {
  if (!hasNoShowRisk(row, today)) return null;
  const { level, reasons } = noShowRisk({
    history: guest && { visits: guest.visits, noShows: guest.noShows, lateCancellations: guest.lateCancellations },
    numberOfPeople: row.numberOfPeople,
    leadTimeHours: leadTimeHours(row.createdAt, row.reservationDate, row.reservationTime),
    source: row.source,
    guestConfirmed: row.guestConfirmedAt !== null,
    cardGuaranteeSaved,
  });
  return { level, reasons };
}
