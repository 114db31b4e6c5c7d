import { eq } from 'drizzle-orm';
import type { StaffFeedback } from '@shared/schemas/feedback.ts';
import type { Executor } from '../../db/client.ts';
import { feedbackRequests, reservations } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';

/** One request and its answer as staff read it. */
export async function staffFeedback(db: Executor, id: string): Promise<StaffFeedback> {
  const [row] = await db
    .select({ request: feedbackRequests, reservation: reservations })
    .from(feedbackRequests)
    .innerJoin(reservations, eq(reservations.id, feedbackRequests.reservationId))
    .where(eq(feedbackRequests.id, id));
  if (!row) throw notFound();
  const { request, reservation } = row;
  return {
    id: request.id,
    reservationId: reservation.id,
    guestId: request.guestId,
    customerName: reservation.customerName,
    reservationDate: reservation.reservationDate,
    reservationTime: reservation.reservationTime,
    rating: request.rating,
    comment: request.comment,
    answeredAt: request.answeredAt?.toISOString() ?? null,
  };
}
