// The guest's rating of a visit (issue 47, item 5): what the private page shows and what it sends.
import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX } from '../limits.ts';
import type { Language } from '../i18n/languages.ts';

export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
/** A rating up to this one alerts the owner and the encargados at once. */
export const LOW_RATING_MAX = 3;

/** POST /api/public/feedback/:token. The messages are the guest's, by the field (feedback.errors). */
export const feedbackAnswerSchema = z
  .object({
    rating: z.number().int().min(1).max(5),
    comment: z.string().trim().max(FEEDBACK_COMMENT_MAX).optional(),
  })
  .strict();
export type FeedbackAnswer = z.input<typeof feedbackAnswerSchema>;

/** GET /api/public/feedback/:token: the visit the link asks about. */
export interface FeedbackVisit {
  restaurant: string;
  customerName: string;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
  language: Language;
}

/** The answer's outcome: every guest is then offered the review page, when the owner gave one. */
export interface FeedbackThanks {
  rating: number;
  googleReviewUrl: string | null;
}

/** GET /api/admin/feedback/:id: one answered rating, for the live alert of a low one (owner and encargado). */
export interface StaffFeedback {
  id: string;
  reservationId: string;
  guestId: string | null;
  customerName: string;
  reservationDate: string;
  reservationTime: string;
  rating: number | null;
  comment: string | null;
  answeredAt: string | null;
}
