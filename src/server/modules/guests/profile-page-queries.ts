// The guest's own rows for their profile page (issue 47, item 1): bookings with their bill and rating, feedback
// requests, joined profiles.
import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { feedbackRequests, guestMerges, guests, reservations } from '../../db/schema.ts';

/** Newest first, with each visit's rating when the guest gave one. */
export function profileBookings(db: Executor, guestId: string) {
  return db
    .select({
      id: reservations.id,
      reservationDate: reservations.reservationDate,
      reservationTime: reservations.reservationTime,
      numberOfPeople: reservations.numberOfPeople,
      status: reservations.status,
      arrivalStatus: reservations.arrivalStatus,
      billCents: reservations.billCents,
      rating: feedbackRequests.rating,
      customerEmail: reservations.customerEmail,
      customerPhoneE164: reservations.customerPhoneE164,
    })
    .from(reservations)
    .leftJoin(feedbackRequests, eq(feedbackRequests.reservationId, reservations.id))
    .where(eq(reservations.guestId, guestId))
    .orderBy(desc(reservations.reservationDate), desc(reservations.reservationTime), desc(reservations.createdAt));
}

/** The requests sent to the guest or for their bookings, newest first, answered or not. */
export function profileFeedback(db: Executor, guestId: string, reservationIds: string[]) {
  return db
    .select({
      reservationId: feedbackRequests.reservationId,
      reservationDate: reservations.reservationDate,
      channel: feedbackRequests.channel,
      requestedAt: feedbackRequests.requestedAt,
      expiresAt: feedbackRequests.expiresAt,
      answeredAt: feedbackRequests.answeredAt,
      rating: feedbackRequests.rating,
      comment: feedbackRequests.comment,
    })
    .from(feedbackRequests)
    .leftJoin(reservations, eq(reservations.id, feedbackRequests.reservationId))
    .where(or(eq(feedbackRequests.guestId, guestId), reservationIds.length ? inArray(feedbackRequests.reservationId, reservationIds) : undefined))
    .orderBy(desc(feedbackRequests.requestedAt));
}

export function profileMerges(db: Executor, guestId: string) {
  return db.select().from(guestMerges).where(eq(guestMerges.keptGuestId, guestId)).orderBy(desc(guestMerges.mergedAt));
}

/** Sets or clears the objection; an objection already recorded keeps its first date. Null when the guest is unknown. */
export async function updateRiskObjection(db: Executor, id: string, objected: boolean, now: Date): Promise<{ before: Date | null; after: Date | null } | null> {
  const [current] = await db.select({ at: guests.riskObjectedAt }).from(guests).where(eq(guests.id, id)).for('update');
  if (!current) return null;
  const after = objected ? (current.at ?? now) : null;
  if ((current.at?.getTime() ?? null) !== (after?.getTime() ?? null)) {
    await db.update(guests).set({ riskObjectedAt: after, updatedAt: now }).where(eq(guests.id, id));
  }
  return { before: current.at, after };
}
