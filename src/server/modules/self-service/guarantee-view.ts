// The card guarantee as the guest's private page shows it (issue 45, items 2 and 5). Releasing the card when the
// guest cancels in time is payments' (card-release.ts, on the change bus); this only reads.
import { cancelsFree, freeCancellationEnds, noShowFeeCents } from '@shared/rules/card-guarantee.ts';
import type { SelfServiceGuarantee } from '@shared/schemas/self-service.ts';
import type { Executor } from '../../db/client.ts';
import { guaranteeSummaries, type ReservationRow } from '../reservations/service.ts';

/** The saved card of a pending or confirmed booking; null without one, once released, or once the booking ended. */
export async function guaranteeView(db: Executor, row: ReservationRow, now: Date): Promise<SelfServiceGuarantee | null> {
  if (row.status !== 'pending' && row.status !== 'confirmed') return null;
  const card = (await guaranteeSummaries(db, [row.id])).get(row.id);
  if (card?.state !== 'saved') return null;
  return {
    cardLabel: card.cardLabel,
    amountPerPersonCents: card.amountPerPersonCents,
    freeCancellationHours: card.freeCancellationHours,
    feeCents: noShowFeeCents(card.amountPerPersonCents, row.numberOfPeople),
    freeCancellationEnds: freeCancellationEnds(row, card.freeCancellationHours).toISOString(),
    cancelsFree: cancelsFree(row, card.freeCancellationHours, now),
  };
}
