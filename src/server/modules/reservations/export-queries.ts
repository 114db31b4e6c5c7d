import { and, asc, desc, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '@shared/limits.ts';
import type { Executor } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';
import { historyFilter, type HistoryQuery, sortColumns } from './admin-queries.ts';

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
