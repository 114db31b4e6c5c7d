// Statements on the bookings waiting for their card (guarantee_holds).
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import type { Executor } from '../../db/client.ts';
import { type cardGuarantees, guaranteeHolds, reservations } from '../../db/schema.ts';
import { findReservation, type HeldRequest } from '../reservations/service.ts';
import type { SavedCard } from './provider.ts';

export type HoldRow = typeof guaranteeHolds.$inferSelect;

/** The guest's request a hold keeps (written by the gate from a HeldRequest); null once the hold ended long ago. */
export const heldRequestOf = (hold: HoldRow): HeldRequest | null => hold.request as unknown as HeldRequest | null;

/** Holds that still take their place: the provider's page is being made, or the guest is on it. */
export const WAITING = ['opening', 'open'] as const;

export const isWaiting = (hold: Pick<HoldRow, 'status'>) => (WAITING as readonly string[]).includes(hold.status);

/** The card_guarantees row of the card saved on a hold's page: kept for `reservationId` on the hold's terms. */
export const savedCardGuarantee = (reservationId: string, hold: HoldRow, card: SavedCard, now: Date): typeof cardGuarantees.$inferInsert => ({
  reservationId,
  provider: 'stripe',
  customerRef: card.customerRef,
  paymentMethodRef: card.paymentMethodRef,
  cardLabel: card.cardLabel,
  amountPerPersonCents: hold.amountPerPersonCents,
  freeCancellationHours: hold.freeCancellationHours,
  savedAt: now,
});

export const findHold = (db: Executor, id: string, { forUpdate = false } = {}) => {
  const query = db.select().from(guaranteeHolds).where(eq(guaranteeHolds.id, id));
  return (forUpdate ? query.for('update') : query).then((rows) => rows[0] ?? null);
};

export const findHoldByCheckout = (db: Executor, checkoutRef: string, { forUpdate = false } = {}) => {
  const query = db.select().from(guaranteeHolds).where(eq(guaranteeHolds.checkoutRef, checkoutRef));
  return (forUpdate ? query.for('update') : query).then((rows) => rows[0] ?? null);
};

export async function updateHold(db: Executor, id: string, values: Partial<HoldRow>): Promise<HoldRow> {
  const [row] = await db.update(guaranteeHolds).set(values).where(eq(guaranteeHolds.id, id)).returning();
  return row!;
}

/** Waiting holds whose time ran out. */
export const overdueHolds = (db: Executor, now: Date) =>
  db
    .select({ id: guaranteeHolds.id })
    .from(guaranteeHolds)
    .where(and(inArray(guaranteeHolds.status, WAITING), lt(guaranteeHolds.holdUntil, now)));

/** Guests' records at the provider from pages that never saved a card, ended before `before`. */
export const customersOfEndedHolds = (db: Executor, before: Date) =>
  db
    .select({ id: guaranteeHolds.id, customerRef: guaranteeHolds.customerRef })
    .from(guaranteeHolds)
    .where(and(inArray(guaranteeHolds.status, ['expired', 'cancelled', 'failed']), isNotNull(guaranteeHolds.customerRef), lt(guaranteeHolds.endedAt, before)));

/**
 * Ended holds keep the guest's request only as long as the provider's page could still complete (24 hours at most):
 * then it is emptied, as nothing will place it any more.
 */
export const forgetEndedRequests = (db: Executor, before: Date) =>
  db
    .update(guaranteeHolds)
    .set({ request: null })
    .where(and(lt(guaranteeHolds.createdAt, before), inArray(guaranteeHolds.status, ['expired', 'cancelled', 'failed', 'refused', 'completed'])));

/** A reservation's guarantee links still waiting for the guest (one at most: sending again ends the previous). */
export const waitingLinkHolds = (db: Executor, reservationId: string) =>
  db
    .select()
    .from(guaranteeHolds)
    .where(and(eq(guaranteeHolds.kind, 'reservation'), eq(guaranteeHolds.reservationId, reservationId), inArray(guaranteeHolds.status, WAITING)))
    .for('update');

/**
 * Ends the guarantee links still waiting for a booking that is no longer pending or confirmed (cancelled, rejected,
 * completed, a no-show…): nothing is left for the card to answer for. Answers the links ended, with their pages.
 */
export const endLinksOfInactiveBookings = (db: Executor, now: Date, reason: string) =>
  db
    .update(guaranteeHolds)
    .set({ status: 'cancelled', endedAt: now, endReason: reason })
    .where(
      and(
        eq(guaranteeHolds.kind, 'reservation'),
        inArray(guaranteeHolds.status, WAITING),
        sql`exists (select 1 from ${reservations} where ${reservations.id} = ${guaranteeHolds.reservationId} and ${reservations.status} not in ('pending', 'confirmed'))`,
      ),
    )
    .returning({ id: guaranteeHolds.id, checkoutRef: guaranteeHolds.checkoutRef });

/** The reservation's latest guarantee link, what its page shows. */
export const latestLinkHold = (db: Executor, reservationId: string) =>
  db
    .select()
    .from(guaranteeHolds)
    .where(and(eq(guaranteeHolds.kind, 'reservation'), eq(guaranteeHolds.reservationId, reservationId)))
    .orderBy(desc(guaranteeHolds.createdAt))
    .limit(1)
    .then((rows) => rows[0] ?? null);

export interface HoldGuest {
  name: string;
  email: string;
  phone: string;
  language: Language;
}

/** Who saves the card: the request's guest (kind 'booking'), or the reservation's (kind 'reservation'). */
export async function guestOfHold(db: Executor, hold: HoldRow): Promise<HoldGuest | null> {
  if (hold.kind === 'booking') {
    const request = heldRequestOf(hold);
    return request && { name: request.customerName, email: request.customerEmail, phone: request.customerPhone, language: request.language };
  }
  const reservation = hold.reservationId ? await findReservation(db, hold.reservationId) : null;
  if (!reservation) return null;
  return {
    name: reservation.customerName,
    email: reservation.customerEmail ?? '',
    phone: reservation.customerPhone ?? '',
    language: reservation.language ?? DEFAULT_LANGUAGE,
  };
}
