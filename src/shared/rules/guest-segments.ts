// The 'Clientes' list's segments (issue 47), from a guest's figures and today's date in Madrid. The server counts and
// filters with the same definitions in SQL (guests/profile-queries.ts); tests/api/guest-list.test.ts checks both agree.
import type { GuestSegment } from '../schemas/guest-profile.ts';
import { addDays } from './madrid-time.ts';

/** The tag that makes a guest 'VIP' (one of the owner's default tags). */
export const VIP_TAG = 'VIP';

export interface SegmentFigures {
  visits: number;
  noShows: number;
  firstVisitOn: string | null;
  lastVisitOn: string | null;
  thirdLastVisitOn: string | null;
  tags: readonly string[];
}

/** 'YYYY-MM-DD' `months` calendar months before `date`, on the last day of a shorter month (31 May → 30 November). */
export function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${targetYear}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** The dates the segments are measured from: 12 months, 90 days and 6 months before today. */
export function segmentBounds(today: string) {
  return { regularSince: monthsBefore(today, 12), newSince: addDays(today, -90), lostBefore: monthsBefore(today, 6) };
}

export const SEGMENT_RULES: Record<GuestSegment, (guest: SegmentFigures, bounds: ReturnType<typeof segmentBounds>) => boolean> = {
  /** Three or more visits in the last 12 months: the third latest is within them. */
  regulars: (guest, { regularSince }) => guest.thirdLastVisitOn !== null && guest.thirdLastVisitOn >= regularSince,
  /** No visit yet, or the first one in the last 90 days. */
  new: (guest, { newSince }) => guest.visits === 0 || (guest.firstVisitOn !== null && guest.firstVisitOn >= newSince),
  /** Two or more visits, and none in the last 6 months. */
  lost: (guest, { lostBefore }) => guest.visits >= 2 && guest.lastVisitOn !== null && guest.lastVisitOn < lostBefore,
  vip: (guest) => guest.tags.includes(VIP_TAG),
  noShows: (guest) => guest.noShows > 0,
};

/** The segments a guest is in today. */
export function segmentsOf(guest: SegmentFigures, today: string): GuestSegment[] {
  const bounds = segmentBounds(today);
  return (Object.keys(SEGMENT_RULES) as GuestSegment[]).filter((segment) => SEGMENT_RULES[segment](guest, bounds));
}
