// What the provider's events say of a charge (issue 45, item 4), for the webhook: a charge the guest's bank approved
// after all, a charge whose answer was lost, a refund made from the provider's dashboard. Each is applied once.
import type { Transaction } from '../../db/client.ts';
import { recordChange } from '../../platform/events.ts';
import { findReservation } from '../reservations/service.ts';
import { logChargeOutcome } from './charge-log.ts';
import * as q from './charge-queries.ts';
import type { PaymentEvent } from './provider.ts';

export type ChargeEvent = Extract<PaymentEvent, { kind: 'charge_succeeded' | 'charge_failed' | 'refunded' }>;

/**
 * Applies a verified provider event to the charge with its reference, in the caller's transaction (the webhook's,
 * which also records the event's id). True when it changed something; a replayed or stale event changes nothing.
 *
 * - charge_succeeded: a charge pending the guest's authorization (or left processing) is charged; its card is
 *   released and the change log says so, by the guest. Paid on the approval page, the payment is a new one, found
 *   by the charge id it carries; it becomes the charge's reference.
 * - charge_failed: only a charge left 'processing' fails. A charge pending authorization stays pending: the provider
 *   sends this event for the very decline that asked for authentication, and again for each failed attempt of the
 *   guest, who may still pay.
 * - refunded: the charge's refunded amount rises to the provider's total (never falls; a refund Mesa made and
 *   recorded already changes nothing). A refund from the provider's dashboard has no staff member to log.
 */
export async function applyChargeEvent(tx: Transaction, event: ChargeEvent, now: Date): Promise<boolean> {
  const charge =
    (await q.chargeByProviderRef(tx, event.chargeRef)) ??
    (event.kind === 'charge_succeeded' && event.chargeId ? await q.chargeByIdForUpdate(tx, event.chargeId) : null);
  if (!charge) return false;
  if (event.kind === 'refunded') {
    const total = Math.min(event.refundedCents, charge.amountCents);
    if (charge.status !== 'succeeded' || total <= charge.refundedCents) return false;
    await q.recordRefund(tx, charge, { refundedCents: total, refundRef: charge.refundRef, now });
    await recordChange(tx, { table: 'payment_charges', action: 'update', id: charge.id });
    return true;
  }
  const succeeded = event.kind === 'charge_succeeded';
  const settled = await q.updateChargeFrom(tx, charge.id, succeeded ? ['processing', 'requires_authorization'] : ['processing'], {
    status: succeeded ? 'succeeded' : 'failed',
    // Paid on the approval page: its payment is the one a refund gives back.
    ...(succeeded && { providerRef: event.chargeRef }),
    failureReason: succeeded ? null : event.reason,
    updatedAt: now,
  });
  if (!settled) return false;
  const cardReleased = succeeded && (await q.releaseCard(tx, settled.reservationId, 'charged', now));
  const party = (await findReservation(tx, settled.reservationId))?.numberOfPeople ?? settled.people;
  await logChargeOutcome(tx, { charge: settled, party, actor: { kind: 'guest' }, now, cardReleased });
  return true;
}
