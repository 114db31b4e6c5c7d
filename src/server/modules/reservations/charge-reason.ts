// What a booking's saved card may be charged for (issue 45, item 4; decision 041): a no-show, or a guest's
// cancellation after the card's free-cancellation limit. One statement, read by payments' charge and card release
// and by the staff lists' guarantee summary, so the late-cancellation rule is written once.
import { eq, sql } from 'drizzle-orm';
import type { ChargeReason } from '@shared/schemas/guarantee-summary.ts';
import type { Executor } from '../../db/client.ts';
import { cardGuarantees, reservationChanges, reservations } from '../../db/schema.ts';

/** The reservation's last change to 'cancelled', as the change log has it. */
const cancelledAt = sql`(select max(c.at) from ${reservationChanges} c
  where c.reservation_id = ${reservations.id} and c.changes -> 'status' ->> 1 = 'cancelled')`;
/** The last moment the guest could cancel without a fee (null without a card). */
const freeUntil = sql`((${reservations.reservationDate} + ${reservations.reservationTime}) at time zone 'Europe/Madrid')
  - make_interval(hours => ${cardGuarantees.freeCancellationHours})`;

/**
 * Whether the guest cancelled by the card's free-cancellation limit: true in time, false too late, null when the
 * booking is not a guest's cancellation. For a statement over reservations joined with card_guarantees. No free
 * hours (0): no cancellation is free, as cancelsFree in shared/rules/card-guarantee.ts says.
 */
export const guestCancelledInTime = sql<boolean | null>`(case
  when ${reservations.status} <> 'cancelled' or ${reservations.cancelledBy} is distinct from 'guest' then null
  when ${cardGuarantees.freeCancellationHours} = 0 then false
  else ${cancelledAt} <= ${freeUntil} end)`;

/** What the card may be charged for: a no-show, or a guest's late cancellation; null for anything else. */
export const chargeReasonOf = sql<ChargeReason | null>`(case
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
