import { and, between, type Column, count, eq, type SQL, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '@shared/limits.ts';
import type { Executor } from '../../db/client.ts';
import { cardGuarantees as g, paymentCharges as c, reservations as r } from '../../db/schema.ts';
import { rowsOf } from '../../db/rows.ts';

// Every figure is one aggregate in the database: a year of a busy restaurant is never read row by row into Node.

export const inRange = (from: string, to: string) => between(r.reservationDate, from, to);
/** A reservation that filled seats: not cancelled and the guest did not fail to come. */
const filledSeats = sql`${r.status} <> 'cancelled' and ${r.arrivalStatus} <> 'no_show'`;
const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;
const sumWhere = (column: SQL | Column, condition: SQL) =>
  sql<number>`(coalesce(sum(${column}) filter (where ${condition}), 0))::int`;
const coversWhere = (condition: SQL) => sumWhere(r.numberOfPeople, condition);

interface DayRow {
  date: string;
  reservations: number;
  covers: number;
}

/** One row per day of the range, in order, zeros included. */
export async function figuresPerDay(db: Executor, from: string, to: string): Promise<DayRow[]> {
  return rowsOf<DayRow>(db, sql`
    select to_char(d.day, 'YYYY-MM-DD') as date, count(${r.id})::int as reservations,
           coalesce(sum(${r.numberOfPeople}), 0)::int as covers
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
    left join ${r} on ${r.reservationDate} = d.day::date and ${filledSeats}
    group by d.day
    order by d.day`);
}

/** Minutes since midnight at which the reservation's half-hour slot starts (13:45 → 810, i.e. 13:30). */
export const slotStart = sql<number>`(extract(hour from ${r.reservationTime}) * 60 + floor(extract(minute from ${r.reservationTime}) / 30) * 30)::int`;

/** The half-hour slots that had a reservation filling seats, in order. */
export function figuresPerSlot(db: Executor, from: string, to: string) {
  return db
    .select({ minutes: slotStart, reservations: count(), covers: sql<number>`sum(${r.numberOfPeople})::int` })
    .from(r)
    .where(and(inRange(from, to), filledSeats))
    .groupBy(slotStart)
    .orderBy(slotStart);
}

/** The visit as an instant: the date and wall-clock time read in Madrid, so a DST change counts its real hours. */
const visitInstant = sql`((${r.reservationDate} + ${r.reservationTime}) at time zone ${BUSINESS_TIME_ZONE})`;
/** Calendar days between the day the request was made (in Madrid) and the visit; a late manual entry counts as 0. */
const leadDays = sql`greatest(${r.reservationDate} - (${r.createdAt} at time zone ${BUSINESS_TIME_ZONE})::date, 0)`;
const leadHours = sql`greatest(extract(epoch from (${visitInstant} - ${r.createdAt}))::float8 / 3600, 0)`;

/** A booking made ahead: a walk-in (issue 22) has no lead time and cannot fail to come. */
const booked = sql`${r.source} <> 'walk_in'`;

/** The bookings a no-show rate divides by: not cancelled, their day come (Madrid `today`), walk-ins left out. */
const reachedBy = (today: string) => sql`${r.status} <> 'cancelled' and ${r.reservationDate} <= ${today}::date and ${booked}`;

/**
 * The summary figures of the range; `today` (Madrid) decides which reservations have reached their day. Walk-ins
 * count in the reservations, covers and sources, not in the no-show rate or the lead time.
 */
export async function summaryFigures(db: Executor, from: string, to: string, today: string) {
  const reached = reachedBy(today);
  const cancelled = sql`${r.status} = 'cancelled'`;
  const [row] = await db
    .select({
      reservations: sql<number>`count(*)::int`,
      covers: coversWhere(filledSeats),
      cancelled: countWhere(cancelled),
      cancelledByGuest: countWhere(sql`${cancelled} and ${r.cancelledBy} = 'guest'`),
      cancelledByStaff: countWhere(sql`${cancelled} and ${r.cancelledBy} = 'staff'`),
      reached: countWhere(reached),
      noShows: countWhere(sql`${reached} and ${r.arrivalStatus} = 'no_show'`),
      sourcePublic: countWhere(sql`${r.source} = 'public'`),
      sourceGoogle: countWhere(sql`${r.source} = 'google'`),
      sourceAdmin: countWhere(sql`${r.source} = 'admin'`),
      sourceWalkIn: countWhere(sql`not ${booked}`),
      sameDay: countWhere(sql`${booked} and ${leadDays} = 0`),
      day1: countWhere(sql`${booked} and ${leadDays} = 1`),
      days2to3: countWhere(sql`${booked} and ${leadDays} between 2 and 3`),
      days4to7: countWhere(sql`${booked} and ${leadDays} between 4 and 7`),
      days8to14: countWhere(sql`${booked} and ${leadDays} between 8 and 14`),
      days15plus: countWhere(sql`${booked} and ${leadDays} >= 15`),
      medianHours: sql<number | null>`percentile_cont(0.5) within group (order by ${leadHours}) filter (where ${booked})`,
    })
    .from(r)
    .where(inRange(from, to));
  return row!;
}

/**
 * The no-show rate split by whether the booking had a card saved (a card_guarantees row, saved or since released),
 * with the same `reached` as the summary's rate.
 */
export async function noShowsByGuarantee(db: Executor, from: string, to: string, today: string) {
  const reached = reachedBy(today);
  const guaranteed = sql`${g.reservationId} is not null`;
  const noShow = sql`${r.arrivalStatus} = 'no_show'`;
  const [row] = await db
    .select({
      guaranteed: countWhere(guaranteed),
      reachedWith: countWhere(sql`${reached} and ${guaranteed}`),
      noShowsWith: countWhere(sql`${reached} and ${guaranteed} and ${noShow}`),
      reachedWithout: countWhere(sql`${reached} and not ${guaranteed}`),
      noShowsWithout: countWhere(sql`${reached} and not ${guaranteed} and ${noShow}`),
    })
    .from(r)
    .leftJoin(g, eq(g.reservationId, r.id))
    .where(inRange(from, to));
  return row!;
}

/** The no-show fees of the range's reservations: only succeeded charges count; a refund is only ever of one. */
export async function chargeFigures(db: Executor, from: string, to: string) {
  const succeeded = sql`${c.status} = 'succeeded'`;
  const [row] = await db
    .select({
      charges: countWhere(succeeded),
      chargedCents: sumWhere(c.amountCents, succeeded),
      refundedCents: sumWhere(c.refundedCents, succeeded),
    })
    .from(c)
    .innerJoin(r, eq(r.id, c.reservationId))
    .where(inRange(from, to));
  return row!;
}

/**
 * The guests' answers to the messages (issue 46): who was asked (chose a channel), who confirmed, who cancelled by
 * answering, and how many of those freed places a waitlist party accepted after the answer (an accepted offer for
 * the same date and time); the no-show rate of the asked split by whether they confirmed.
 */
export async function messagingFigures(db: Executor, from: string, to: string, today: string) {
  const reached = reachedBy(today);
  const asked = sql`${r.messagingChannel} is not null`;
  const confirmed = sql`${r.guestConfirmedAt} is not null`;
  const noShow = sql`${r.arrivalStatus} = 'no_show'`;
  const cancelledByReply = sql`exists (select 1 from guest_messages m where m.reservation_id = ${r.id} and m.direction = 'in' and m.outcome = 'cancelled')`;
  const refilled = sql`exists (
    select 1 from guest_messages m join waitlist_offers o
      on o.reservation_date = ${r.reservationDate} and o.reservation_time = ${r.reservationTime} and o.status = 'accepted' and o.offered_at >= m.created_at
    where m.reservation_id = ${r.id} and m.direction = 'in' and m.outcome = 'cancelled')`;
  const [row] = await db
    .select({
      asked: countWhere(asked),
      confirmations: countWhere(confirmed),
      cancellationsByReply: countWhere(cancelledByReply),
      refilled: countWhere(refilled),
      reachedConfirmed: countWhere(sql`${reached} and ${confirmed}`),
      noShowsConfirmed: countWhere(sql`${reached} and ${confirmed} and ${noShow}`),
      reachedNotConfirmed: countWhere(sql`${reached} and ${asked} and not ${confirmed}`),
      noShowsNotConfirmed: countWhere(sql`${reached} and ${asked} and not ${confirmed} and ${noShow}`),
    })
    .from(r)
    .where(inRange(from, to));
  return row!;
}

/** A visit as the guest's figures count it (migration 0041): seats filled, and the guest arrived or it is completed. */
const countedVisit = sql`${filledSeats} and (${r.arrivalStatus} = 'arrived' or ${r.status} = 'completed')`;
/** A visit with a bill: what every ticket average reads. */
export const billedVisit = sql`${countedVisit} and ${r.billCents} is not null`;

/**
 * 'Ticket medio' (issue 47): the range's visits counted as the guest's figures count them (migration 0041), those with
 * a bill, their average bill and their bills over their people. Sums in numeric: a year of bills passes 2^31 cents.
 */
export async function spendFigures(db: Executor, from: string, to: string) {
  const visit = countedVisit;
  const billed = billedVisit;
  const [row] = await db
    .select({
      visits: countWhere(visit),
      billedVisits: countWhere(billed),
      averageCents: sql<number | null>`round(avg(${r.billCents}) filter (where ${billed}))::int`,
      averagePerPersonCents: sql<number | null>`round(sum(${r.billCents}::numeric) filter (where ${billed})
        / nullif(sum(${r.numberOfPeople}) filter (where ${billed}), 0))::int`,
    })
    .from(r)
    .where(inRange(from, to));
  return row!;
}
