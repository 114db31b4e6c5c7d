// Estadísticas › the tickets per guest and per segment (issue 47): the range's billed visits (as 'Ticket medio' counts
// them) of the bookings linked to a guest profile. Sums in numeric: a year of bills passes 2^31 cents.
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { GUEST_SEGMENTS, type GuestSegment } from '@shared/schemas/guest-profile.ts';
import { TOP_GUESTS } from '@shared/schemas/feedback-statistics.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { guests as g, reservations as r } from '../../db/schema.ts';
import { billedVisit, inRange } from './queries.ts';

const billedOfGuests = (from: string, to: string) => and(inRange(from, to), billedVisit, isNotNull(r.guestId));

/** Per segment (the guest's segment today, as `segments` defines it): its guests, its billed visits, their average. */
export async function spendBySegment(db: Executor, from: string, to: string, segments: Record<GuestSegment, SQL>) {
  const columns = Object.fromEntries(
    GUEST_SEGMENTS.flatMap((segment) => [
      [`${segment}Guests`, sql<number>`(count(distinct ${g.id}) filter (where ${segments[segment]}))::int`],
      [`${segment}Visits`, sql<number>`(count(*) filter (where ${segments[segment]}))::int`],
      [`${segment}Average`, sql<number | null>`round(avg(${r.billCents}) filter (where ${segments[segment]}))::int`],
    ]),
  );
  const [row] = await db.select(columns).from(r).innerJoin(g, eq(g.id, r.guestId)).where(billedOfGuests(from, to));
  const figures = row as Record<string, number | null>;
  return GUEST_SEGMENTS.map((segment) => ({
    segment,
    guests: figures[`${segment}Guests`] ?? 0,
    billedVisits: figures[`${segment}Visits`] ?? 0,
    averageCents: figures[`${segment}Average`] ?? null,
  }));
}

interface PerGuestRow {
  guests: number;
  averagePerGuestCents: number | null;
}

/** How many guests had a billed visit, and each one's average bill averaged over them. */
export async function spendPerGuest(db: Executor, from: string, to: string): Promise<PerGuestRow> {
  const [row] = await rowsOf<PerGuestRow>(db, sql`
    select count(*)::int as "guests", round(avg(guest_average))::int as "averagePerGuestCents"
    from (select avg(${r.billCents}) as guest_average from ${r} where ${billedOfGuests(from, to)} group by ${r.guestId}) as per_guest`);
  return row!;
}

/** The guests who spent most in the range: their name (the profile's, else their latest booking's), visits and bills. */
export async function topGuests(db: Executor, from: string, to: string) {
  const total = sql`sum(${r.billCents}::numeric)`;
  const rows = await db
    .select({
      guestId: g.id,
      name: sql<string>`coalesce(${g.name}, (array_agg(${r.customerName} order by ${r.reservationDate} desc))[1])`,
      billedVisits: sql<number>`count(*)::int`,
      totalCents: sql<string>`${total}::text`,
      averageCents: sql<number>`round(avg(${r.billCents}))::int`,
    })
    .from(r)
    .innerJoin(g, eq(g.id, r.guestId))
    .where(billedOfGuests(from, to))
    .groupBy(g.id)
    .orderBy(sql`${total} desc`, sql`count(*) desc`, g.id)
    .limit(TOP_GUESTS);
  return rows.map((row) => ({ ...row, totalCents: Number(row.totalCents) }));
}
