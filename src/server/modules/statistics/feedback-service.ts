// Estadísticas' ratings and tickets per guest (issue 47), and a booking's rating in its detail (decision 046).
import { madridToday, minutesToTime } from '@shared/rules/madrid-time.ts';
import type { StaffRole } from '@shared/rules/permissions.ts';
import type { FeedbackComments, FeedbackStatistics, GuestSpendStatistics, ReservationFeedback } from '@shared/schemas/feedback-statistics.ts';
import type { StatisticsQuery } from '@shared/schemas/statistics.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { notFound } from '../../platform/errors.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { segmentConditions } from '../guests/service.ts';
import * as fq from './feedback-queries.ts';
import * as sq from './guest-spend-queries.ts';

export async function feedbackStatistics({ db }: ServiceDeps, { from, to }: StatisticsQuery): Promise<FeedbackStatistics> {
  const [summary, weeks, slots] = await Promise.all([
    fq.ratingSummary(db, from, to),
    fq.ratingsPerWeek(db, from, to),
    fq.ratingsPerSlot(db, from, to),
  ]);
  return {
    ...summary,
    weeks,
    slots: slots.map(({ minutes, count, average }) => ({ time: minutesToTime(minutes), count, average })),
  };
}

export function feedbackComments({ db }: ServiceDeps, { from, to }: StatisticsQuery, offset: number): Promise<FeedbackComments> {
  return fq.commentsPage(db, from, to, offset);
}

export async function guestSpendStatistics({ db, clock }: ServiceDeps, { from, to }: StatisticsQuery): Promise<GuestSpendStatistics> {
  const segments = segmentConditions(madridToday(clock.now()));
  const [perGuest, bySegment, top] = await Promise.all([
    sq.spendPerGuest(db, from, to),
    sq.spendBySegment(db, from, to, segments),
    sq.topGuests(db, from, to),
  ]);
  return { ...perGuest, segments: bySegment, top };
}

/** The rating of one booking; its comment only for the owner and the encargado (decision 046). */
export async function reservationFeedback({ db }: ServiceDeps, reservationId: string, role: StaffRole): Promise<ReservationFeedback> {
  const [exists, answer] = await Promise.all([fq.reservationExists(db, reservationId), fq.feedbackOf(db, reservationId)]);
  if (!exists) throw notFound(staffMessages.admin.errors.reservationNotFound);
  if (!answer) return { feedback: null };
  const readsComments = role !== 'floor';
  return {
    feedback: {
      rating: answer.rating,
      comment: readsComments ? answer.comment : null,
      commentHidden: !readsComments && answer.comment !== null && answer.comment.trim() !== '',
      answeredAt: answer.answeredAt!.toISOString(),
    },
  };
}
