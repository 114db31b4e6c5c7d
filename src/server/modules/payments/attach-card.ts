// A guarantee link's card (issue 45, item 7): saved for the booking it was asked for, which is not placed again.
// Runs inside completeHold's transaction, under the hold's row lock, so the webhook and the guest's return act once.
import { formatMessage } from '@shared/messages.ts';
import { guaranteeLinkMessages } from '@shared/staff-messages/guarantee-link.ts';
import type { Transaction } from '../../db/client.ts';
import { cardGuarantees } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import { findForUpdate, logChange } from '../reservations/service.ts';
import type { HoldOutcome } from './completion.ts';
import { type HoldRow, savedCardGuarantee, updateHold } from './hold-queries.ts';
import type { SavedCard } from './provider.ts';

const text = guaranteeLinkMessages;

/**
 * Keeps the card for the link's reservation while it is still pending or confirmed (a link ended by time or by a newer
 * one still counts: the guest did save the card). A reservation cancelled meanwhile, or one that already has a card,
 * refuses it, and completeHold releases it.
 */
export async function attachCard(tx: Transaction, hold: HoldRow, card: SavedCard, now: Date): Promise<HoldOutcome> {
  if (hold.status === 'refused' || !hold.reservationId) return { kind: 'refused', hold };
  const reservation = await findForUpdate(tx, hold.reservationId);
  const refuse = async (reason: string): Promise<HoldOutcome> => {
    const refused = await updateHold(tx, hold.id, { status: 'refused', endedAt: hold.endedAt ?? now, endReason: reason });
    await recordChange(tx, { table: 'guarantee_holds', action: 'update', id: hold.id });
    return { kind: 'refused', hold: refused };
  };
  if (!reservation || (reservation.status !== 'pending' && reservation.status !== 'confirmed')) return refuse(text.reservationGone);
  const inserted = await tx
    .insert(cardGuarantees)
    .values(savedCardGuarantee(reservation.id, hold, card, now))
    .onConflictDoNothing()
    .returning({ id: cardGuarantees.reservationId });
  if (inserted.length === 0) return refuse(text.alreadySaved);
  const completed = await updateHold(tx, hold.id, { status: 'completed', endedAt: now, endReason: null });
  await logChange(tx, {
    reservationId: reservation.id,
    at: now,
    actor: { kind: 'guest' },
    action: 'edited',
    changes: { cardGuarantee: [null, formatMessage(text.log.saved, { card: card.cardLabel ? ` (${card.cardLabel})` : '' })] },
  });
  await recordChange(tx, { table: 'guarantee_holds', action: 'update', id: hold.id });
  await recordChange(tx, { table: 'card_guarantees', action: 'insert', id: reservation.id });
  return { kind: 'booked', hold: completed, status: reservation.status };
}
