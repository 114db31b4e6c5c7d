// The card in guarantee and the no-show charge each staff list shows (issue 45, item 4), and the card a confirmed
// change request takes over. Payments owns both tables; touching them here, in reservations' own statements and
// transactions, keeps reservations from importing payments (payments calls reservations: the change log, the reservation).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChargeReason, GuaranteeSummary } from '@shared/schemas/guarantee-summary.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { cardGuarantees, guaranteeHolds, paymentCharges, reservations } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import { chargeReasonOf } from './charge-reason.ts';

/**
 * A confirmed change request replaces its original: the card saved for the original moves to the request with the
 * terms the guest agreed to (decision 041), in the transaction that supersedes the original, so the card release
 * never sees the original cancelled with a card. A request that has a card of its own keeps it; the original's then
 * goes by the usual rule.
 */
export async function carryGuarantee(tx: Transaction, originalId: string, requestId: string): Promise<void> {
  const moved = await tx
    .update(cardGuarantees)
    .set({ reservationId: requestId })
    .where(
      and(
        eq(cardGuarantees.reservationId, originalId),
        eq(cardGuarantees.state, 'saved'),
        sql`not exists (select 1 from ${cardGuarantees} own where own.reservation_id = ${requestId})`,
      ),
    )
    .returning({ reservationId: cardGuarantees.reservationId });
  if (moved.length === 0) return;
  await recordChange(tx, { table: 'card_guarantees', action: 'delete', id: originalId });
  await recordChange(tx, { table: 'card_guarantees', action: 'insert', id: requestId });
}

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
      cards.set(link.reservationId, { state: 'link_sent', cardLabel: null, amountPerPersonCents: link.amountPerPersonCents, freeCancellationHours: link.freeCancellationHours, chargeable: null, charge: null });
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
      chargeable: sql<ChargeReason | null>`case when ${cardGuarantees.state} = 'saved' then ${chargeReasonOf} end`,
      chargeId: paymentCharges.id,
      status: paymentCharges.status,
      amountCents: paymentCharges.amountCents,
      people: paymentCharges.people,
      refundedCents: paymentCharges.refundedCents,
      failureReason: paymentCharges.failureReason,
    })
    .from(cardGuarantees)
    .innerJoin(reservations, eq(reservations.id, cardGuarantees.reservationId))
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
        chargeable: row.chargeable,
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
