// The statements of staff's no-show charges and refunds (issue 45, item 4).
import { and, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cardGuarantees, paymentCharges } from '../../db/schema.ts';

export type ChargeRow = typeof paymentCharges.$inferSelect;
export type CardRow = typeof cardGuarantees.$inferSelect;

/** The reservation's charge that is not 'failed' (the partial unique index allows one). */
export async function liveCharge(db: Executor, reservationId: string): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.reservationId, reservationId), ne(paymentCharges.status, 'failed')));
  return row ?? null;
}

export async function findCharge(db: Executor, id: string): Promise<ChargeRow | null> {
  const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id));
  return row ?? null;
}

export async function savedCard(db: Executor, reservationId: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(cardGuarantees)
    .where(and(eq(cardGuarantees.reservationId, reservationId), eq(cardGuarantees.state, 'saved')));
  return row ?? null;
}

export async function cardOf(db: Executor, reservationId: string): Promise<CardRow | null> {
  const [row] = await db.select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, reservationId));
  return row ?? null;
}

/** Null when another press got there first: the partial unique index lets one live charge in. */
export async function insertCharge(db: Executor, values: typeof paymentCharges.$inferInsert): Promise<ChargeRow | null> {
  const [row] = await db
    .insert(paymentCharges)
    .values(values)
    .onConflictDoNothing({ target: paymentCharges.reservationId, where: sql`status <> 'failed'` })
    .returning();
  return row ?? null;
}

/**
 * Takes a 'processing' charge whose provider call ended without an answer (failureReason says why) or that has been
 * in flight longer than any call lasts (its process died): one conditional update, so one press retries it.
 */
export async function claimStalled(db: Executor, id: string, now: Date, inFlightSince: Date): Promise<ChargeRow | null> {
  const [row] = await db
    .update(paymentCharges)
    .set({ failureReason: null, updatedAt: now })
    .where(
      and(
        eq(paymentCharges.id, id),
        eq(paymentCharges.status, 'processing'),
        or(isNotNull(paymentCharges.failureReason), lt(paymentCharges.updatedAt, inFlightSince)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Changes a charge only from one of the states given: null when it had moved on meanwhile. */
export async function updateChargeFrom(
  db: Executor,
  id: string,
  from: readonly ChargeRow['status'][],
  values: Partial<typeof paymentCharges.$inferInsert>,
): Promise<ChargeRow | null> {
  const [row] = await db
    .update(paymentCharges)
    .set(values)
    .where(and(eq(paymentCharges.id, id), inArray(paymentCharges.status, [...from])))
    .returning();
  return row ?? null;
}

export async function chargeByProviderRef(db: Executor, providerRef: string): Promise<ChargeRow | null> {
  const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.providerRef, providerRef)).for('update');
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The charge an approval page's payment was for, by the id it carried (the page's payment has a new reference). */
export async function chargeByIdForUpdate(db: Executor, id: string): Promise<ChargeRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id)).for('update');
  return row ?? null;
}

/** Records a refund once: null when the charge's refunded amount is no longer `refundedBefore`. */
export async function recordRefund(
  db: Executor,
  charge: Pick<ChargeRow, 'id' | 'refundedCents'>,
  values: { refundedCents: number; refundRef: string | null; now: Date },
): Promise<ChargeRow | null> {
  const [row] = await db
    .update(paymentCharges)
    .set({ refundedCents: values.refundedCents, refundRef: values.refundRef, refundedAt: values.now, updatedAt: values.now })
    .where(and(eq(paymentCharges.id, charge.id), eq(paymentCharges.status, 'succeeded'), eq(paymentCharges.refundedCents, charge.refundedCents)))
    .returning();
  return row ?? null;
}

/** The card is no longer charged for this booking; true when it was saved until now. */
export async function releaseCard(db: Executor, reservationId: string, reason: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(cardGuarantees)
    .set({ state: 'released', releasedAt: now, releaseReason: reason })
    .where(and(eq(cardGuarantees.reservationId, reservationId), eq(cardGuarantees.state, 'saved')))
    .returning({ id: cardGuarantees.reservationId });
  return rows.length > 0;
}

export async function markDetached(db: Executor, reservationId: string, now: Date): Promise<void> {
  await db.update(cardGuarantees).set({ detachedAt: now }).where(eq(cardGuarantees.reservationId, reservationId));
}
