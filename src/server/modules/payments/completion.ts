// How a hold ends (issue 45): with the card saved, the request is placed as it would have been without one, under
// the hold's id, and the card kept for the reservation; without it, the place goes back. Both are idempotent under
// the hold's row lock, so a webhook and the guest's return arriving together (on two instances) act once.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cardGuarantees, type GuaranteeHoldStatus, reservations } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import type { EmailGuarantee } from '../notifications/service.ts';
import { clientNote, placeRequest } from '../reservations/service.ts';
import { attachCard } from './attach-card.ts';
import { type PaymentsContext, paymentProvider } from './connection.ts';
import { findHold, findHoldByCheckout, heldRequestOf, type HoldRow, isWaiting, savedCardGuarantee, updateHold } from './hold-queries.ts';
import { notifyBookingNotMade } from './hold-notices.ts';
import type { SavedCard } from './provider.ts';

export type HoldOutcome =
  | { kind: 'booked'; hold: HoldRow; status: 'pending' | 'confirmed' }
  /** The card came but the place could not be booked (the hold had ended and the place was taken): card released. */
  | { kind: 'refused'; hold: HoldRow }
  /** No hold asked for this page (a page from before the hold started over): card released. */
  | { kind: 'unknown' };

export async function reservationStatus(db: Executor, id: string): Promise<'pending' | 'confirmed'> {
  const [row] = await db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id));
  return row?.status === 'confirmed' ? 'confirmed' : 'pending';
}

/** The card was saved on the hold's page: book the request (if it still can be) and keep the card for it. */
export async function completeHold(deps: ServiceDeps, context: PaymentsContext, checkoutRef: string, card: SavedCard): Promise<HoldOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<HoldOutcome> => {
    const hold = await findHoldByCheckout(tx, checkoutRef, { forUpdate: true });
    if (!hold) return { kind: 'unknown' };
    if (hold.status === 'completed' && hold.reservationId) return { kind: 'booked', hold, status: await reservationStatus(tx, hold.reservationId) };
    if (hold.kind === 'reservation') return attachCard(tx, hold, card, now);
    const request = heldRequestOf(hold);
    if (hold.status === 'completed' || hold.status === 'refused' || request === null) return { kind: 'refused', hold };
    // Completed first: the hold stops holding, so the request takes the same place as itself.
    await updateHold(tx, hold.id, { status: 'completed', endedAt: now });
    try {
      const placed = await tx.transaction((inner) =>
        placeRequest(inner, deps, request, {
          adminNotes: clientNote(request.specialRequirement),
          consent: true,
          guarantee: emailGuarantee(hold, card),
          ...request.placing,
        }),
      );
      await tx.insert(cardGuarantees).values(savedCardGuarantee(placed.reservation.id, hold, card, now));
      const completed = await updateHold(tx, hold.id, { reservationId: placed.reservation.id, request: null, endReason: null });
      await recordChange(tx, { table: 'guarantee_holds', action: 'update', id: hold.id });
      await recordChange(tx, { table: 'card_guarantees', action: 'insert', id: placed.reservation.id });
      return { kind: 'booked', hold: completed, status: placed.reservation.status };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const refused = await updateHold(tx, hold.id, { status: 'refused', request: null, endReason: error.message });
      await notifyBookingNotMade(tx, deps.publicUrl, request, 'refused', now);
      await recordChange(tx, { table: 'guarantee_holds', action: 'update', id: hold.id });
      return { kind: 'refused', hold: refused };
    }
  });
  if (outcome.kind !== 'booked') await releaseQuietly(deps, context, card);
  return outcome;
}

/** The card as the booking's first email speaks of it (the card's row is written after the booking). */
const emailGuarantee = (hold: HoldRow, card: SavedCard): EmailGuarantee => ({
  cardLabel: card.cardLabel,
  amountPerPersonCents: hold.amountPerPersonCents,
  freeCancellationHours: hold.freeCancellationHours,
});

/**
 * Asks the provider whether the card was saved on the hold's page (its webhook may not have come yet) and completes
 * the hold if so; null when not saved, or when the provider cannot be asked.
 */
export async function completeIfSaved(deps: ServiceDeps, context: PaymentsContext, checkoutRef: string): Promise<HoldOutcome | null> {
  const provider = await paymentProvider(deps.db, context);
  const state = await provider?.setupState(checkoutRef).catch(() => null);
  return state?.state === 'complete' ? completeHold(deps, context, checkoutRef, state.card) : null;
}

/** A card nobody will charge is forgotten at once; the payments job tries again what fails here. */
async function releaseQuietly(deps: ServiceDeps, context: PaymentsContext, card: SavedCard): Promise<void> {
  const provider = await paymentProvider(deps.db, context);
  await provider?.release(card).catch(() => undefined);
}

/**
 * The hold ends without a card (its time ran out, the guest cancelled it, or the provider's page could not be made):
 * its place goes back (the waitlist hears the change) and the provider's page is closed. Null when it had ended.
 */
export async function endHold(
  deps: ServiceDeps,
  context: PaymentsContext,
  holdId: string,
  status: Extract<GuaranteeHoldStatus, 'expired' | 'cancelled' | 'failed'>,
  reason: string | null,
): Promise<HoldRow | null> {
  const ended = await deps.db.transaction(async (tx) => {
    const hold = await findHold(tx, holdId, { forUpdate: true });
    if (!hold || !isWaiting(hold)) return null;
    const now = deps.clock.now();
    const row = await updateHold(tx, holdId, { status, endedAt: now, endReason: reason });
    if (status === 'expired') await notifyBookingNotMade(tx, deps.publicUrl, heldRequestOf(hold), 'expired', now);
    await recordChange(tx, { table: 'guarantee_holds', action: 'update', id: holdId });
    return row;
  });
  if (ended?.checkoutRef) {
    const provider = await paymentProvider(deps.db, context);
    await provider?.expireSetup(ended.checkoutRef).catch(() => undefined);
  }
  return ended;
}
