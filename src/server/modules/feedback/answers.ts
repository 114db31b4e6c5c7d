// The guest's side of a rating (issue 47, item 5): the page the link opens, and the answer, once. A 1-3 reaches the
// owners and encargados in the same transaction (push and email), so that someone can call while it still helps.
import { eq } from 'drizzle-orm';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_LINK_DAYS } from '@shared/limits.ts';
import { guestText } from '@shared/i18n/text-keys.ts';
import { type FeedbackAnswer, type FeedbackThanks, type FeedbackVisit, LOW_RATING_MAX } from '@shared/schemas/feedback.ts';
import { selfServiceTokenSchema } from '@shared/schemas/self-service.ts';
import type { Executor } from '../../db/client.ts';
import { feedbackRequests, reservations } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import { AppError, type FieldTexts, notFound } from '../../platform/errors.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { adminUrlOf, type ServiceDeps } from '../../platform/service-deps.ts';
import { activeStaffEmails } from '../auth/service.ts';
import { hashSelfServiceToken } from '../private-links/service.ts';
import { enqueuePushToRoles } from '../push/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import { queueWebhookEvents } from '../webhooks/service.ts';
import { type LowRating, lowRatingEmails, lowRatingPush } from './emails.ts';

const linkNotFound = () => notFound(guestText('feedback.errors.linkNotFound'));

/** The request a token opens, still open at `now`; locked when answering. */
async function openRequest(db: Executor, token: string, now: Date, forUpdate = false) {
  if (!selfServiceTokenSchema.safeParse(token).success) throw linkNotFound();
  const query = db
    .select({ request: feedbackRequests, reservation: reservations })
    .from(feedbackRequests)
    .innerJoin(reservations, eq(reservations.id, feedbackRequests.reservationId))
    .where(eq(feedbackRequests.tokenHash, hashSelfServiceToken(token)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: feedbackRequests }) : await query;
  if (!row) throw linkNotFound();
  if (row.request.answeredAt) throw new AppError(410, 'link_used', guestText('feedback.errors.linkUsed'));
  if (row.request.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(410, 'link_expired', guestText('feedback.errors.linkExpired', { days: FEEDBACK_LINK_DAYS }));
  }
  return row;
}

export async function feedbackVisit({ db, clock }: ServiceDeps, token: string): Promise<FeedbackVisit> {
  const { request, reservation } = await openRequest(db, token, clock.now());
  const config = await getRestaurantConfig(db);
  return {
    restaurant: config.name,
    customerName: reservation.customerName,
    reservationDate: reservation.reservationDate,
    reservationTime: reservation.reservationTime,
    numberOfPeople: reservation.numberOfPeople,
    language: request.language,
  };
}

/** The rating page's own texts for a refused answer, by field, in the guest's language; anything else is a bad request. */
export const FEEDBACK_FIELD_TEXTS: FieldTexts = {
  rating: guestText('feedback.errors.rating'),
  comment: guestText('feedback.errors.commentTooLong', { max: FEEDBACK_COMMENT_MAX }),
  _: guestText('http.badRequest'),
};

/** `readAnswer`: the route's body, parsed with feedbackAnswerSchema (its spec's) and FEEDBACK_FIELD_TEXTS. */
export async function answerFeedback(deps: ServiceDeps, token: string, readAnswer: () => FeedbackAnswer): Promise<FeedbackThanks> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The link is checked first: a used or expired one says so whatever was sent.
    const { request, reservation } = await openRequest(tx, token, now, true);
    const answer = readAnswer();
    const comment = answer.comment || null;
    await tx.update(feedbackRequests).set({ rating: answer.rating, comment, answeredAt: now }).where(eq(feedbackRequests.id, request.id));
    await recordChange(tx, { table: 'feedback_requests', action: 'update', id: request.id });
    await queueWebhookEvents(tx, {
      events: ['feedback.received'],
      at: now,
      reservationId: reservation.id,
      data: async () => ({ reservationId: reservation.id, guestId: reservation.guestId, rating: answer.rating, comment, answeredAt: now.toISOString() }),
    });
    const config = await getRestaurantConfig(tx);
    if (answer.rating <= LOW_RATING_MAX) {
      await alertStaff(tx, now, deps.publicUrl, config, {
        reservationId: reservation.id,
        guestId: reservation.guestId,
        customerName: reservation.customerName,
        customerPhone: reservation.customerPhone,
        reservationDate: reservation.reservationDate,
        reservationTime: reservation.reservationTime,
        numberOfPeople: reservation.numberOfPeople,
        language: request.language,
        rating: answer.rating,
        comment,
      });
    }
    return { rating: answer.rating, googleReviewUrl: config.googleReviewUrl };
  });
}

type Config = Awaited<ReturnType<typeof getRestaurantConfig>>;

/** Push and email to every owner and encargado, as the owner's switches allow. */
async function alertStaff(tx: Executor, now: Date, publicUrl: URL, config: Config, rating: LowRating): Promise<void> {
  const settings = await getNotificationSettings(tx);
  const roles = ['admin', 'manager'] as const;
  await enqueuePushToRoles(tx, lowRatingPush(rating), roles, settings);
  if (!settings.emailNotificationsEnabled) return;
  for (const email of lowRatingEmails(config, rating, await activeStaffEmails(tx, roles), adminUrlOf(publicUrl))) await enqueueEmail(tx, email, now);
}
