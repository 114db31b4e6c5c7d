import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, HISTORY_COUNT_CAP } from '@shared/limits.ts';
import { phoneSearchDigits } from '@shared/rules/guests.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import type { historyQuerySchema } from '@shared/schemas/reservation-history.ts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { likePattern } from '../../db/rows.ts';
import { reservations } from '../../db/schema.ts';

export type ReservationRow = typeof reservations.$inferSelect;

/** A reservation as the staff screens see it. */
export function toAdminReservation(row: ReservationRow): AdminReservation {
  return {
    id: row.id,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail,
    numberOfPeople: row.numberOfPeople,
    reservationDate: row.reservationDate,
    reservationTime: row.reservationTime,
    status: row.status,
    arrivalStatus: row.arrivalStatus,
    adminNotes: row.adminNotes,
    cancellationReason: row.cancellationReason,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    cancelledBy: row.cancelledBy,
    revision: row.revision,
    guestConfirmedAt: row.guestConfirmedAt?.toISOString() ?? null,
    messagingChannel: row.messagingChannel,
    billCents: row.billCents,
  };
}

/** Pending first, then by time (spec point 4, 'Refresh timing'). */
export function reservationsOfDay(db: Executor, date: string) {
  return db
    .select()
    .from(reservations)
    .where(eq(reservations.reservationDate, date))
    .orderBy(sql`(${reservations.status} = 'pending') desc`, asc(reservations.reservationTime), asc(reservations.createdAt));
}

/** The pending and confirmed reservations of a date, those in [from, to) when given, by time. */
export function activeOn(db: Executor, date: string, limit: number, from?: string, to?: string) {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.reservationDate, date),
        inArray(reservations.status, ['pending', 'confirmed']),
        from ? gte(reservations.reservationTime, from) : undefined,
        to ? lt(reservations.reservationTime, to) : undefined,
      ),
    )
    .orderBy(asc(reservations.reservationTime), asc(reservations.createdAt))
    .limit(limit);
}

/** The pending and confirmed reservations of one weekday (0 = Sunday) from `fromDate` on, by date and time. */
export function activeOnWeekdayFrom(db: Executor, weekday: number, fromDate: string, limit: number) {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        gte(reservations.reservationDate, fromDate),
        inArray(reservations.status, ['pending', 'confirmed']),
        sql`extract(dow from ${reservations.reservationDate}) = ${weekday}`,
      ),
    )
    .orderBy(asc(reservations.reservationDate), asc(reservations.reservationTime), asc(reservations.createdAt))
    .limit(limit);
}

export function reservationsFrom(db: Executor, fromDate: string, limit: number) {
  return db
    .select()
    .from(reservations)
    .where(gte(reservations.reservationDate, fromDate))
    .orderBy(asc(reservations.reservationDate), asc(reservations.reservationTime))
    .limit(limit);
}

/** The bookings from `fromDate` on that match staff's search, soonest first. */
export function searchFrom(db: Executor, fromDate: string, search: string, limit: number) {
  return db
    .select()
    .from(reservations)
    .where(and(gte(reservations.reservationDate, fromDate), searchFilter(search)))
    .orderBy(asc(reservations.reservationDate), asc(reservations.reservationTime), asc(reservations.id))
    .limit(limit);
}

export function pendingFrom(db: Executor, fromDate: string, limit: number) {
  return db
    .select()
    .from(reservations)
    .where(and(eq(reservations.status, 'pending'), gte(reservations.reservationDate, fromDate)))
    .orderBy(asc(reservations.reservationDate), asc(reservations.reservationTime))
    .limit(limit);
}

export async function countPendingFrom(db: Executor, fromDate: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reservations)
    .where(and(eq(reservations.status, 'pending'), gte(reservations.reservationDate, fromDate)));
  return row?.n ?? 0;
}

export type HistoryQuery = z.output<typeof historyQuerySchema>;

/** pg_trgm indexes serve a LIKE '%…%' of three characters or more. */
const TRIGRAM_MIN_LENGTH = 3;

export function historyFilter(query: HistoryQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.from) conditions.push(gte(reservations.reservationDate, query.from));
  if (query.to) conditions.push(lte(reservations.reservationDate, query.to));
  if (query.status) conditions.push(eq(reservations.status, query.status));
  if (query.arrivalStatus) conditions.push(eq(reservations.arrivalStatus, query.arrivalStatus));
  if (query.q) conditions.push(searchFilter(query.q));
  return conditions.length ? and(...conditions) : undefined;
}

/** The phone's digits alone, as reservations_phone_digits_trgm_idx indexes them. */
const phoneDigits = sql`regexp_replace(${reservations.customerPhone}, '[^0-9]', '', 'g')`;

/**
 * Staff's search: name, email or phone as typed; a search that is a phone number, or part of one, also matches
 * its digits however the phone was written ('633444555' finds '+34 633 44 45 55').
 */
export function searchFilter(search: string): SQL {
  const pattern = likePattern(search);
  const digits = phoneSearchDigits(search);
  return or(
    ilike(reservations.customerName, pattern),
    ilike(reservations.customerEmail, pattern),
    ilike(reservations.customerPhone, pattern),
    digits ? sql`${phoneDigits} like ${`%${digits}%`}` : undefined,
  )!;
}

export const sortColumns = {
  reservation_date: reservations.reservationDate,
  reservation_time: reservations.reservationTime,
  created_at: reservations.createdAt,
  customer_name: reservations.customerName,
} as const;

/**
 * One page of the history and the filter's total, counted up to `countCap` rows only: a count(*) of a large share
 * of a million rows costs hundreds of milliseconds whatever the indexes (PERFORMANCE.md, staff reads).
 */
export async function historyPage(
  db: Executor,
  query: HistoryQuery,
  pageSize: number,
  countCap = HISTORY_COUNT_CAP,
) {
  const where = historyFilter(query);
  const order = query.direction === 'asc' ? asc : desc;
  const cappedCount = (executor: Executor) =>
    executor
      .select({ n: count() })
      .from(executor.select({ one: sql`1` }).from(reservations).where(where).limit(countCap + 1).as('capped'));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(reservations)
      .where(where)
      // The id makes the order total, so pages never repeat or skip a row.
      .orderBy(order(sortColumns[query.sort]), order(reservations.reservationTime), order(reservations.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    // A search that matches many rows can lead the planner to a Seq Scan that stops at the cap: cheap by its
    // estimate, 125 ms measured on a million rows, against 12 ms for the trigram indexes it otherwise picks (the
    // choice flipped between two ANALYZE samples of the same data, PERFORMANCE.md). For a search the count is
    // planned with sequential scans priced out, in a transaction of its own.
    query.q && query.q.length >= TRIGRAM_MIN_LENGTH
      ? db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return cappedCount(tx);
        })
      : cappedCount(db),
  ]);
  const matching = total?.n ?? 0;
  return { items, total: Math.min(matching, countCap), totalIsCapped: matching > countCap };
}

export async function findForUpdate(db: Executor, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).for('update');
  return row ?? null;
}

/** Every change of a reservation goes through here, so its revision (the .ics SEQUENCE) always rises. */
export async function updateReservation(db: Executor, id: string, values: Partial<typeof reservations.$inferInsert>) {
  const [row] = await db
    .update(reservations)
    .set({ ...values, revision: sql`${reservations.revision} + 1` })
    .where(eq(reservations.id, id))
    .returning();
  return row!;
}

/** Where the previous batch ended: the sort column as text, then the time and id that break its ties. */
export interface HistoryCursor {
  key: string;
  time: string;
  id: string;
}

const SORT_TYPES: Record<HistoryQuery['sort'], string> = {
  reservation_date: 'date',
  reservation_time: 'time',
  created_at: 'timestamptz',
  customer_name: 'text',
};

/**
 * One batch of the filtered history in the history's own order, after `cursor` (keyset paging: each batch costs the
 * same however deep into a large export it is). The sort key travels as text so a timestamp keeps its microseconds.
 */
export function historyBatch(db: Executor, query: HistoryQuery, cursor: HistoryCursor | null, size: number) {
  const column = sortColumns[query.sort];
  const order = query.direction === 'asc' ? asc : desc;
  const after = cursor
    ? sql`(${column}, ${reservations.reservationTime}, ${reservations.id}) ${sql.raw(query.direction === 'asc' ? '>' : '<')}
        (cast(${cursor.key} as ${sql.raw(SORT_TYPES[query.sort])}), cast(${cursor.time} as time), cast(${cursor.id} as uuid))`
    : undefined;
  return db
    .select({
      row: reservations,
      key: sql<string>`${column}::text`,
      // Formatted by the database: one Intl call per row in Node would cost more than the query.
      createdAtMadrid: sql<string>`to_char(${reservations.createdAt} at time zone ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
    })
    .from(reservations)
    .where(and(historyFilter(query), after))
    .orderBy(order(column), order(reservations.reservationTime), order(reservations.id))
    .limit(size);
}
