// Estadísticas' guests' ratings and the tickets per guest and per segment (issue 47), and a booking's rating in its
// detail (decision 046). Read by the lazily loaded panels only: nothing here is on /admin's first load.
import { z } from 'zod';
import { feedbackStatisticsTexts } from '../staff-messages/feedback-statistics.ts';
import { GUEST_SEGMENTS } from './guest-profile.ts';

/** Comments per page of 'Valoraciones' ('Ver más' asks for the next). */
export const FEEDBACK_COMMENTS_PAGE_SIZE = 10;
/** The guests of 'Mejores clientes'. */
export const TOP_GUESTS = 10;

/** ?offset= of GET /statistics/feedback/comments, beside the range's from and to. */
export const feedbackCommentsPageSchema = z.object({
  offset: z.coerce
    .number({ error: feedbackStatisticsTexts.validation.offset })
    .int(feedbackStatisticsTexts.validation.offset)
    .min(0, feedbackStatisticsTexts.validation.offset)
    .max(1_000_000, feedbackStatisticsTexts.validation.offset)
    .default(0),
});

/** An average rating (1-5, two decimals) of some answers; null when there is none. */
const averageSchema = z.number().nullable();

/** GET /statistics/feedback: the answered ratings of the range's bookings (by the booking's date). */
export const feedbackStatisticsSchema = z.object({
  count: z.number(),
  average: averageSchema,
  /** Of them, the ones with a comment. */
  comments: z.number(),
  /** Every week (Monday, 'YYYY-MM-DD') the range touches, in order, those without a rating included. */
  weeks: z.array(z.object({ week: z.string(), count: z.number(), average: averageSchema })),
  /** The half-hour slots of the booking's time ('HH:mm'), as 'Cubiertos por franja': only those with a rating. */
  slots: z.array(z.object({ time: z.string(), count: z.number(), average: averageSchema })),
  /** Ratings 1 to 5, in order, zeros included. */
  distribution: z.array(z.object({ rating: z.number(), count: z.number() })),
});
export type FeedbackStatistics = z.infer<typeof feedbackStatisticsSchema>;

export const feedbackCommentSchema = z.object({
  id: z.string(),
  reservationId: z.string(),
  guestId: z.string().nullable(),
  /** The guest profile's name, else the booking's. */
  guestName: z.string(),
  rating: z.number(),
  comment: z.string(),
  answeredAt: z.string(),
  reservationDate: z.string(),
  reservationTime: z.string(),
});
export type FeedbackComment = z.infer<typeof feedbackCommentSchema>;

/** GET /statistics/feedback/comments: newest answer first. */
export const feedbackCommentsSchema = z.object({ comments: z.array(feedbackCommentSchema), hasMore: z.boolean() });
export type FeedbackComments = z.infer<typeof feedbackCommentsSchema>;

/**
 * GET /statistics/guest-spend: the bills of the range's visits (as 'Ticket medio' counts them) by guest. Visits
 * without a guest profile are left out; a guest's segment is the one the 'Clientes' list shows today.
 */
export const guestSpendStatisticsSchema = z.object({
  /** Guests with a billed visit in the range. */
  guests: z.number(),
  /** Each guest's average bill, averaged over those guests (a regular weighs as much as a one-off); null when none. */
  averagePerGuestCents: z.number().nullable(),
  segments: z.array(
    z.object({ segment: z.enum(GUEST_SEGMENTS), guests: z.number(), billedVisits: z.number(), averageCents: z.number().nullable() }),
  ),
  /** The guests who spent most in the range, most first. */
  top: z.array(
    z.object({ guestId: z.string(), name: z.string(), billedVisits: z.number(), totalCents: z.number(), averageCents: z.number() }),
  ),
});
export type GuestSpendStatistics = z.infer<typeof guestSpendStatisticsSchema>;

/** GET /reservations/:id/feedback (decision 046): the guest's answer; the comment is null for sala ('floor'). */
export const reservationFeedbackSchema = z.object({
  feedback: z
    .object({ rating: z.number(), comment: z.string().nullable(), commentHidden: z.boolean(), answeredAt: z.string() })
    .nullable(),
});
export type ReservationFeedback = z.infer<typeof reservationFeedbackSchema>;
