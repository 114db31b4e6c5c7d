// Estadísticas › 'Valoraciones' (issue 47): the answered rows of feedback_requests (answered_at set; the request job
// and the guest's page write them), by the date of the booking they rate. One aggregate per figure, as queries.ts.
import { and, desc, eq, sql } from 'drizzle-orm';
import { FEEDBACK_COMMENTS_PAGE_SIZE, type FeedbackComment } from '@shared/schemas/feedback-statistics.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { feedbackRequests as f, guests as g, reservations as r } from '../../db/schema.ts';
import { inRange, slotStart } from './queries.ts';

const answered = sql`${f.answeredAt} is not null`;
const commented = sql`${f.comment} is not null and btrim(${f.comment}) <> ''`;
/** Two decimals, as a JS number on both drivers. */
const averageRating = sql<number | null>`round(avg(${f.rating}), 2)::float8`;
const RATINGS = [1, 2, 3, 4, 5] as const;

export async function ratingSummary(db: Executor, from: string, to: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: averageRating,
      comments: sql<number>`(count(*) filter (where ${commented}))::int`,
      ...Object.fromEntries(RATINGS.map((rating) => [`r${rating}`, sql<number>`(count(*) filter (where ${f.rating} = ${rating}))::int`])),
    })
    .from(f)
    .innerJoin(r, eq(r.id, f.reservationId))
    .where(and(inRange(from, to), answered));
  const figures = row as unknown as Record<string, number> & { count: number; average: number | null; comments: number };
  return {
    count: figures.count,
    average: figures.average,
    comments: figures.comments,
    distribution: RATINGS.map((rating) => ({ rating, count: figures[`r${rating}`] ?? 0 })),
  };
}

interface WeekRow {
  week: string;
  count: number;
  average: number | null;
}

/** Every week (from its Monday) the range touches, in order; a week's figures count only the range's days. */
export function ratingsPerWeek(db: Executor, from: string, to: string): Promise<WeekRow[]> {
  // Timestamps without time zone: date_trunc on a date would go through the session's time zone.
  return rowsOf<WeekRow>(db, sql`
    with rated as (
      select date_trunc('week', ${r.reservationDate}::timestamp) as week, ${f.rating} as rating
      from ${f} join ${r} on ${r.id} = ${f.reservationId}
      where ${r.reservationDate} between ${from} and ${to} and ${answered}
    )
    select to_char(w.week, 'YYYY-MM-DD') as week, count(rated.rating)::int as count,
           round(avg(rated.rating), 2)::float8 as average
    from generate_series(date_trunc('week', ${from}::timestamp), ${to}::timestamp, interval '1 week') as w(week)
    left join rated on rated.week = w.week
    group by w.week
    order by w.week`);
}

/** By the half-hour slot of the booking's time, as 'Cubiertos por franja': the slots that had a rating, in order. */
export function ratingsPerSlot(db: Executor, from: string, to: string) {
  return db
    .select({ minutes: slotStart, count: sql<number>`count(*)::int`, average: averageRating })
    .from(f)
    .innerJoin(r, eq(r.id, f.reservationId))
    .where(and(inRange(from, to), answered))
    .groupBy(slotStart)
    .orderBy(slotStart);
}

/** A page of the range's comments, newest answer first; one more row than the page tells whether more follow. */
export async function commentsPage(db: Executor, from: string, to: string, offset: number) {
  const rows = await db
    .select({
      id: f.id,
      reservationId: f.reservationId,
      guestId: f.guestId,
      guestName: sql<string>`coalesce(${g.name}, ${r.customerName})`,
      rating: sql<number>`${f.rating}::int`,
      comment: sql<string>`${f.comment}`,
      answeredAt: f.answeredAt,
      reservationDate: r.reservationDate,
      reservationTime: r.reservationTime,
    })
    .from(f)
    .innerJoin(r, eq(r.id, f.reservationId))
    .leftJoin(g, eq(g.id, f.guestId))
    .where(and(inRange(from, to), answered, commented))
    .orderBy(desc(f.answeredAt), desc(f.id))
    .limit(FEEDBACK_COMMENTS_PAGE_SIZE + 1)
    .offset(offset);
  const comments: FeedbackComment[] = rows.slice(0, FEEDBACK_COMMENTS_PAGE_SIZE).map((row) => ({
    ...row,
    answeredAt: row.answeredAt!.toISOString(),
    reservationTime: row.reservationTime.slice(0, 5),
  }));
  return { comments, hasMore: rows.length > FEEDBACK_COMMENTS_PAGE_SIZE };
}

/** The answer to one booking's request, or null when none was given. */
export async function feedbackOf(db: Executor, reservationId: string) {
  const [row] = await db
    .select({ rating: sql<number>`${f.rating}::int`, comment: f.comment, answeredAt: f.answeredAt })
    .from(f)
    .where(and(eq(f.reservationId, reservationId), answered));
  return row ?? null;
}

export async function reservationExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: r.id }).from(r).where(eq(r.id, id));
  return row !== undefined;
}
