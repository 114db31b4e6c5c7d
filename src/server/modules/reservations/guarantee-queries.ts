// The card in guarantee and the no-show charge each staff list shows (issue 45, item 4). Payments owns both tables;
// reading them here, in the lists' own statement, keeps reservations from importing payments (payments calls
// reservations: the change log, the reservation).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { GuaranteeSummary } from '@shared/schemas/guarantee-summary.ts';
import type { Executor } from '../../db/client.ts';
import { cardGuarantees, guaranteeHolds, paymentCharges } from '../../db/schema.ts';

/**
 * Each reservation's guarantee by id: its card, else a guarantee link still waiting for the guest ('link_sent');
 * a reservation with neither is absent. (Holds are payments'; read here for the same reason as the cards.)
 */
export async function guaranteeSummaries(db: Executor, reservationIds: readonly string[]): Promise<Map<string, GuaranteeSummary>> {
  if (reservationIds.length === 0) return new Map();
  const cards = await cardSummaries(db, reservationIds);
  const links = await db
    .select({
      reservationId: guaranteeHolds.reservationId,
      amountPerPersonCents: guaranteeHolds.amountPerPersonCents,
      freeCancellationHours: guaranteeHolds.freeCancellationHours,
    })
    .from(guaranteeHolds)
    .where(
      and(
        eq(guaranteeHolds.kind, 'reservation'),
        inArray(guaranteeHolds.reservationId, [...reservationIds]),
        // One past its time is ended by the payments job within the minute.
        inArray(guaranteeHolds.status, ['opening', 'open']),
      ),
    );
  for (const link of links) {
    if (link.reservationId && !cards.has(link.reservationId)) {
      cards.set(link.reservationId, { state: 'link_sent', cardLabel: null, amountPerPersonCents: link.amountPerPersonCents, freeCancellationHours: link.freeCancellationHours, charge: null });
    }
  }
  return cards;
}

async function cardSummaries(db: Executor, reservationIds: readonly string[]): Promise<Map<string, GuaranteeSummary>> {
  const rows = await db
    .selectDistinctOn([cardGuarantees.reservationId], {
      reservationId: cardGuarantees.reservationId,
      state: cardGuarantees.state,
      cardLabel: cardGuarantees.cardLabel,
      amountPerPersonCents: cardGuarantees.amountPerPersonCents,
      freeCancellationHours: cardGuarantees.freeCancellationHours,
      chargeId: paymentCharges.id,
      status: paymentCharges.status,
      amountCents: paymentCharges.amountCents,
      people: paymentCharges.people,
      refundedCents: paymentCharges.refundedCents,
      failureReason: paymentCharges.failureReason,
    })
    .from(cardGuarantees)
    .leftJoin(paymentCharges, eq(paymentCharges.reservationId, cardGuarantees.reservationId))
    .where(inArray(cardGuarantees.reservationId, [...reservationIds]))
    // The live charge first (one at most), else the latest failed one.
    .orderBy(cardGuarantees.reservationId, sql`(${paymentCharges.status} <> 'failed') desc nulls last`, desc(paymentCharges.createdAt));
  return new Map(
    rows.map((row) => [
      row.reservationId,
      {
        state: row.state,
        cardLabel: row.cardLabel,
        amountPerPersonCents: row.amountPerPersonCents,
        freeCancellationHours: row.freeCancellationHours,
        charge:
          row.chargeId === null || row.status === null
            ? null
            : {
                id: row.chargeId,
                status: row.status,
                amountCents: row.amountCents ?? 0,
                people: row.people ?? 0,
                refundedCents: row.refundedCents ?? 0,
                failureReason: row.failureReason,
              },
      },
    ]),
  );
}
