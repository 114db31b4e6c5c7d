// When a saved card is let go (issue 45, item 4; decision 041): the visit completed, the booking cancelled by the
// restaurant (a rejection, a closure) or by the guest in time, or a week past its date with nothing charged. Read
// from the reservation's own state, so it holds however the change was made (transition.ts, which payments may not
// hook into), on the change bus at once and in the minute's job; then the provider forgets the card.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, madridToday } from '@shared/rules/madrid-time.ts';
import { cardGuarantees, reservations } from '../../db/schema.ts';
import { rowsOf } from '../../db/rows.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { guestCancelledInTime } from '../reservations/service.ts';
import { markDetached } from './charge-queries.ts';
import { type PaymentsContext, paymentProvider } from './connection.ts';
import { ProviderUnavailableError } from './provider.ts';

/** How long after its date a no-show's or a late cancellation's card stays chargeable. */
const KEPT_DAYS = 7;

/** Releases the saved cards their bookings no longer need; answers how many. */
export async function releaseSettledCards(deps: ServiceDeps, payments: PaymentsContext): Promise<number> {
  const now = deps.clock.now();
  const keptSince = addDays(madridToday(now), -KEPT_DAYS);
  const released = await deps.db.transaction(async (tx) => {
    const rows = await rowsOf<{ reservationId: string }>(
      tx,
      sql`update ${cardGuarantees} set state = 'released', released_at = ${now}, release_reason = case
            when ${reservations.status} = 'completed' then 'completed'
            when ${reservations.status} = 'cancelled' and ${reservations.cancelledBy} is distinct from 'guest' then 'cancelled_by_restaurant'
            when ${guestCancelledInTime} then 'cancelled_in_time'
            else 'kept_past_date' end
          from ${reservations}
          where ${reservations.id} = ${cardGuarantees.reservationId} and ${cardGuarantees.state} = 'saved' and (
            ${reservations.status} = 'completed'
            or (${reservations.status} = 'cancelled' and ${reservations.cancelledBy} is distinct from 'guest')
            or ${guestCancelledInTime}
            or ${reservations.reservationDate} < ${keptSince})
          returning ${cardGuarantees.reservationId} as "reservationId"`,
    );
    for (const row of rows) await recordChange(tx, { table: 'card_guarantees', action: 'update', id: row.reservationId });
    return rows.length;
  });
  await detachReleasedCards(deps, payments);
  return released;
}

/** The provider forgets every released card not yet forgotten; one it cannot reach now is tried next time. */
export async function detachReleasedCards(deps: ServiceDeps, payments: PaymentsContext): Promise<void> {
  const pending = await deps.db
    .select()
    .from(cardGuarantees)
    .where(and(eq(cardGuarantees.state, 'released'), isNull(cardGuarantees.detachedAt)));
  if (pending.length === 0) return;
  const provider = await paymentProvider(deps.db, payments);
  if (!provider) return;
  for (const card of pending) {
    try {
      await provider.release(card);
      await markDetached(deps.db, card.reservationId, deps.clock.now());
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      return;
    }
  }
}
