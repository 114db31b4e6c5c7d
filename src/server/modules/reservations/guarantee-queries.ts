// The card in guarantee and the no-show charge each staff list shows (issue 45, item 4). Payments owns both tables;
// reading them here, in the lists' own statement, keeps reservations from importing payments (payments calls
// reservations: the change log, the reservation).
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChargeReason, GuaranteeSummary } from '@shared/schemas/guarantee-summary.ts';
import type { Executor } from '../../db/client.ts';
import { cardGuarantees, paymentCharges, reservations } from '../../db/schema.ts';
import { chargeReasonOf } from './charge-reason.ts';

/** Each reservation's guarantee by id; a reservation without a saved card is absent. */
export async function guaranteeSummaries(db: Executor, reservationIds: readonly string[]): Promise<Map<string, GuaranteeSummary>> {
  if (reservationIds.length === 0) return new Map();
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
