import { madridToday, minutesToTime } from '@shared/rules/madrid-time.ts';
import { LEAD_TIME_BUCKETS, type Statistics, type StatisticsQuery } from '@shared/schemas/statistics.ts';
import * as q from './queries.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';

/** A share rounded to four decimals (0.1234 = 12.34 %); null when there is nothing to divide by. */
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

const noShowShare = (count: number, reached: number) => ({ count, reached, rate: rate(count, reached) });

/** The figures of the statistics view for [from, to], both Madrid calendar dates included. */
export async function statistics({ db, clock }: ServiceDeps, { from, to }: StatisticsQuery): Promise<Statistics> {
  const today = madridToday(clock.now());
  const [days, slots, s, split, fees, answers, spend] = await Promise.all([
    q.figuresPerDay(db, from, to),
    q.figuresPerSlot(db, from, to),
    q.summaryFigures(db, from, to, today),
    q.noShowsByGuarantee(db, from, to, today),
    q.chargeFigures(db, from, to),
    q.messagingFigures(db, from, to, today),
    q.spendFigures(db, from, to),
  ]);
  return {
    from,
    to,
    totals: { reservations: s.reservations, covers: s.covers },
    days,
    slots: slots.map(({ minutes, reservations, covers }) => ({ time: minutesToTime(minutes), reservations, covers })),
    noShows: noShowShare(s.noShows, s.reached),
    cancellations: {
      count: s.cancelled,
      rate: rate(s.cancelled, s.reservations),
      byGuest: s.cancelledByGuest,
      byStaff: s.cancelledByStaff,
      unspecified: s.cancelled - s.cancelledByGuest - s.cancelledByStaff,
    },
    leadTime: {
      buckets: LEAD_TIME_BUCKETS.map((bucket) => ({ bucket, count: s[bucket] })),
      medianHours: s.medianHours === null ? null : Math.round(s.medianHours * 10) / 10,
    },
    sources: [
      { source: 'public', count: s.sourcePublic },
      { source: 'google', count: s.sourceGoogle },
      { source: 'admin', count: s.sourceAdmin },
      { source: 'walk_in', count: s.sourceWalkIn },
    ],
    guarantee: {
      guaranteedReservations: split.guaranteed,
      ...fees,
      netCents: fees.chargedCents - fees.refundedCents,
      noShowsWithGuarantee: noShowShare(split.noShowsWith, split.reachedWith),
      noShowsWithoutGuarantee: noShowShare(split.noShowsWithout, split.reachedWithout),
    },
    messaging: {
      asked: answers.asked,
      confirmations: answers.confirmations,
      cancellationsByReply: answers.cancellationsByReply,
      refilled: answers.refilled,
      noShowsConfirmed: noShowShare(answers.noShowsConfirmed, answers.reachedConfirmed),
      noShowsNotConfirmed: noShowShare(answers.noShowsNotConfirmed, answers.reachedNotConfirmed),
    },
    spend,
  };
}

export { feedbackComments, feedbackStatistics, guestSpendStatistics, reservationFeedback } from './feedback-service.ts';
