import { z } from 'zod';
import { formatMessage } from '../messages.ts';
import { statisticsMessages } from '../staff-messages/statistics.ts';
import { addDays, isValidDate } from '../rules/madrid-time.ts';
import { RESERVATION_SOURCES } from './reservation.ts';

const v = statisticsMessages.validation;

/** The longest range the statistics view accepts, both ends included (a leap year). */
export const STATISTICS_MAX_DAYS = 366;

const rangeEnd = (required: string) =>
  z.string({ error: required }).min(1, required).refine(isValidDate, v.dateFormat);

/** GET /api/admin/statistics?from=yyyy-MM-dd&to=yyyy-MM-dd */
export const statisticsQuerySchema = z
  .object({ from: rangeEnd(v.fromRequired), to: rangeEnd(v.toRequired) })
  .superRefine(({ from, to }, ctx) => {
    if (!isValidDate(from) || !isValidDate(to)) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: v.fromAfterTo });
    else if (to > addDays(from, STATISTICS_MAX_DAYS - 1)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: formatMessage(v.tooLong, { max: STATISTICS_MAX_DAYS }) });
    }
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** Days between asking and the visit, in Madrid calendar days. */
export const LEAD_TIME_BUCKETS = ['sameDay', 'day1', 'days2to3', 'days4to7', 'days8to14', 'days15plus'] as const;
export type LeadTimeBucket = (typeof LEAD_TIME_BUCKETS)[number];

/** A share of a whole; null when there was nothing to divide by. */
const rateSchema = z.number().min(0).max(1).nullable();

/** The no-shows of a group of bookings and their rate: one definition for every no-show rate shown. */
const noShowShareSchema = z.object({
  count: z.number(),
  /** Reservations not cancelled whose day had come (up to today in Madrid); walk-ins (issue 22) left out. */
  reached: z.number(),
  rate: rateSchema,
});

/** The card guarantee (issue 45) in the range, by reservation date; money in integer cents. */
export const guaranteeStatisticsSchema = z.object({
  /** Reservations of the range that had a card saved (still saved or since released), cancelled ones included. */
  guaranteedReservations: z.number(),
  /** Succeeded no-show charges; failed ones and those still processing or awaiting the bank are left out. */
  charges: z.number(),
  chargedCents: z.number(),
  /** Refunded of those charges, partial refunds included. */
  refundedCents: z.number(),
  netCents: z.number(),
  noShowsWithGuarantee: noShowShareSchema,
  noShowsWithoutGuarantee: noShowShareSchema,
});
export type GuaranteeStatistics = z.infer<typeof guaranteeStatisticsSchema>;

/** Answers to the WhatsApp and SMS messages (issue 46), by reservation date. */
export const messagingStatisticsSchema = z.object({
  /** Reservations whose guest chose WhatsApp or SMS: the ones the reminder asked to confirm. */
  asked: z.number(),
  /** Of those, the ones the guest confirmed ('Confirmo', or 1). */
  confirmations: z.number(),
  /** Cancelled by the guest's answer ('No puedo ir', or 9). */
  cancellationsByReply: z.number(),
  /** Of those, the ones whose place a waitlist party accepted afterwards (an offer for that date and time). */
  refilled: z.number(),
  noShowsConfirmed: noShowShareSchema,
  /** Asked and never confirmed. */
  noShowsNotConfirmed: noShowShareSchema,
});
export type MessagingStatistics = z.infer<typeof messagingStatisticsSchema>;

/** 'Ticket medio' (issue 47): the bills staff entered on the range's visits, in integer cents. */
export const spendStatisticsSchema = z.object({
  /** Visits of the range: arrived ('Llegó') or completed, not cancelled nor a no-show, as the guest's figures count. */
  visits: z.number(),
  /** Of those, the ones with a bill. */
  billedVisits: z.number(),
  /** The average bill of the visits that have one, rounded to the cent; null when none has. */
  averageCents: z.number().nullable(),
  /** Their bills over their people, rounded to the cent; null when none has a bill. */
  averagePerPersonCents: z.number().nullable(),
});
export type SpendStatistics = z.infer<typeof spendStatisticsSchema>;

export const statisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    /** Every reservation of the range, cancelled ones included. */
    reservations: z.number(),
    /** People of the reservations that were not cancelled and not a no-show. */
    covers: z.number(),
  }),
  /** Every day of the range, in order, zeros included; counts leave cancelled and no-show reservations out. */
  days: z.array(z.object({ date: z.string(), reservations: z.number(), covers: z.number() })),
  /** Half-hour slots ('HH:mm', start of the slot) that had a reservation, in order; same counting as days. */
  slots: z.array(z.object({ time: z.string(), reservations: z.number(), covers: z.number() })),
  noShows: noShowShareSchema,
  cancellations: z.object({
    count: z.number(),
    rate: rateSchema,
    byGuest: z.number(),
    byStaff: z.number(),
    unspecified: z.number(),
  }),
  leadTime: z.object({
    buckets: z.array(z.object({ bucket: z.enum(LEAD_TIME_BUCKETS), count: z.number() })),
    /** Median time from the request to the visit, in hours; null for an empty range. */
    medianHours: z.number().nullable(),
  }),
  sources: z.array(z.object({ source: z.enum(RESERVATION_SOURCES), count: z.number() })),
  guarantee: guaranteeStatisticsSchema,
  messaging: messagingStatisticsSchema,
  spend: spendStatisticsSchema,
});
export type Statistics = z.infer<typeof statisticsSchema>;
