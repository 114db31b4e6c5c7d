// The no-show risk the staff lists carry (issue 47, item 4; decision 043). It reads nothing of its own: the guest's
// figures and the card come with the lists' guest and guarantee reads, so the risk costs no query.
import { noShowRisk, leadTimeHours } from '@shared/rules/no-show-risk.ts';
import type { NoShowRisk } from '@shared/schemas/no-show-risk.ts';
import type { GuestSummary } from '@shared/schemas/staff-reservation.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import type { Executor } from '../../db/client.ts';
import { guestSummaries } from '../guests/service.ts';
import type { ReservationRow } from './admin-queries.ts';
import { guaranteeSummaries } from './guarantee-queries.ts';

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

/** The risk of one booking, from its guest's summary (null: no guest) and whether its card is saved; none for a guest who objected. */
export function riskOf(
  row: RiskFields,
  today: string,
  guest: Pick<GuestSummary, 'visits' | 'noShows' | 'lateCancellations' | 'riskObjected'> | null,
  cardGuaranteeSaved: boolean,
): NoShowRisk | null {
  // A guest who objected to the assessment (GDPR art. 21) is not assessed at all: no level, not even 'baja'.
  if (!hasNoShowRisk(row, today) || guest?.riskObjected) return null;
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

/**
 * The risk of each of these bookings still to come, by id, for the guest data export (issue 47, item 6) and 'Llamar
 * para confirmar'; none for the bookings of a guest who objected. Two reads
 * (the guests' figures, the cards) whatever the number of bookings.
 */
export async function noShowRisks(db: Executor, rows: ReservationRow[], now: Date): Promise<Map<string, NoShowRisk>> {
  const day = madridToday(now);
  const upcoming = rows.filter((row) => hasNoShowRisk(row, day));
  if (upcoming.length === 0) return new Map();
  const summaries = await guestSummaries(db, upcoming);
  const guarantees = await guaranteeSummaries(db, upcoming.map((row) => row.id));
  return new Map(
    upcoming.flatMap((row, index) => {
      const risk = riskOf(row, day, summaries[index] ?? null, guarantees.get(row.id)?.state === 'saved');
      return risk ? [[row.id, risk] as const] : [];
    }),
  );
}
