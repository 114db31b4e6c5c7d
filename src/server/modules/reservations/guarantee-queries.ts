// The card in guarantee and the no-show charge each staff list shows (issue 45, item 4). Payments owns both tables;
// reading them here, in the lists' own statement, keeps reservations from importing payments (payments calls
// reservations: the change log, the reservation). What makes a booking chargeable is here too, so payments' charge
// and card release judge a late cancellation by the same statement.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChargeReason, GuaranteeSummary } from '@shared/schemas/guarantee-summary.ts';
import type { Executor } from '../../db/client.ts';
import { cardGuarantees, paymentCharges, reservationChanges, reservations } from '../../db/schema.ts';

/** The reservation's last change to 'cancelled', as the change log has it. */
const cancelledAt = sql`(select max(c.at) from ${reservationChanges} c
  where c.reservation_id = ${reservations.id} and c.changes -> 'status' ->> 1 = 'cancelled')`;
/** The last moment the guest could cancel without a fee (null without a card). */
const freeUntil = sql`((${reservations.reservationDate} + ${reservations.reservationTime}) at time zone 'Europe/Madrid')
  - make_interval(hours => ${cardGuarantees.freeCancellationHours})`;

/**
 * Whether the guest cancelled by the card's free-cancellation limit: true in time, false too late, null when the
 * booking is not a guest's cancellation. For a statement over reservations joined with card_guarantees.
 */
export const guestCancelledInTime = sql<boolean | null>`(case
  when ${reservations.status} = 'cancelled' and ${reservations.cancelledBy} = 'guest' then ${cancelledAt} <= ${freeUntil} end)`;

/** What the card may be charged for: a no-show, or a guest's late cancellation; null for anything else. */
const chargeReasonOf = sql<ChargeReason | null>`(case
  when ${reservations.arrivalStatus} = 'no_show' then 'no_show'
  when ${guestCancelledInTime} is false then 'late_cancellation' end)`;

/** What the reservation's card may be charged for, whether or not a card is saved. */
export async function chargeReason(db: Executor, reservationId: string): Promise<ChargeReason | null> {
  const [row] = await db
    .select({ reason: chargeReasonOf })
    .from(reservations)
    .leftJoin(cardGuarantees, eq(cardGuarantees.reservationId, reservations.id))
    .where(eq(reservations.id, reservationId));
  return row?.reason ?? null;
}

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
