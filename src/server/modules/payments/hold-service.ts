// The guest's side of a hold after the provider's page (issue 45): coming back (the page's outcome checked with the
// provider, never taken from the browser), going back to the page, or giving the request up.
import { guestText } from '@shared/i18n/text-keys.ts';
import type { GuaranteeHoldView } from '@shared/schemas/card-guarantee.ts';
import { AppError } from '../../platform/errors.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { completeIfSaved, endHold, reservationStatus } from './completion.ts';
import type { PaymentsContext } from './connection.ts';
import { findHold, type HoldRow, isWaiting } from './hold-queries.ts';
import { guaranteeGate } from './guarantee-gate.ts';

const notFound = () => new AppError(404, 'not_found', guestText('cardGuarantee.errors.notFound'));

export function holdView(hold: HoldRow, reservationStatus: GuaranteeHoldView['reservationStatus'] = null): GuaranteeHoldView {
  const state = hold.status === 'completed' ? 'booked' : isWaiting(hold) ? 'waiting' : hold.status;
  return {
    kind: hold.kind,
    state: state as GuaranteeHoldView['state'],
    reservationStatus,
    holdUntil: hold.holdUntil.toISOString(),
    reservationDate: hold.reservationDate,
    reservationTime: hold.reservationTime,
    numberOfPeople: hold.numberOfPeople,
    amountPerPersonCents: hold.amountPerPersonCents,
    freeCancellationHours: hold.freeCancellationHours,
  };
}

/**
 * The hold as the guest coming back reads it. With the provider's page id (the success return), a hold still
 * waiting asks the provider whether the card was saved, and completes if so: the webhook may not have come yet.
 */
export async function holdOnReturn(deps: ServiceDeps, context: PaymentsContext, id: string, sessionId: string | undefined): Promise<GuaranteeHoldView> {
  const hold = await findHold(deps.db, id);
  if (!hold || (sessionId !== undefined && sessionId !== hold.checkoutRef)) throw notFound();
  if (sessionId && isWaiting(hold)) {
    const outcome = await completeIfSaved(deps, context, sessionId);
    if (outcome?.kind === 'booked') return holdView(outcome.hold, outcome.status);
    if (outcome?.kind === 'refused') return holdView(outcome.hold);
  }
  const current = (await findHold(deps.db, id)) ?? hold;
  if (current.status === 'completed' && current.reservationId) {
    return holdView(current, await reservationStatus(deps.db, current.reservationId));
  }
  return holdView(current);
}

/** Back to the provider's page of a hold still waiting. */
export async function checkoutAgain(deps: ServiceDeps, context: PaymentsContext, id: string): Promise<{ checkoutUrl: string }> {
  const hold = await findHold(deps.db, id);
  if (!hold || hold.kind !== 'booking' || !isWaiting(hold) || hold.holdUntil <= deps.clock.now()) throw notFound();
  return { checkoutUrl: await guaranteeGate(deps, context).checkoutUrl(id) };
}

/** The guest gives the request up before saving a card: the place goes back at once. */
export async function cancelHold(deps: ServiceDeps, context: PaymentsContext, id: string): Promise<GuaranteeHoldView> {
  const hold = await findHold(deps.db, id);
  if (!hold || hold.kind !== 'booking') throw notFound();
  const ended = await endHold(deps, context, id, 'cancelled', null);
  return holdView(ended ?? (await findHold(deps.db, id)) ?? hold);
}
