import { Readable } from 'node:stream';
import { messages } from '@shared/messages.ts';
import { statisticsMessages } from '@shared/staff-messages/statistics.ts';
import { CSV_BOM as BOM, csvLine } from '@shared/rules/csv.ts';
import type { Executor } from '../../db/client.ts';
import type { HistoryQuery, ReservationRow } from './admin-queries.ts';
import { historyBatch, type HistoryCursor } from './admin-queries.ts';

const text = statisticsMessages;
/** Rows fetched per query: memory stays flat whatever the export's size. */
export const EXPORT_BATCH_SIZE = 1000;
const HEADER = csvLine([
  text.csv.date,
  text.csv.time,
  text.csv.name,
  text.csv.phone,
  text.csv.email,
  text.csv.people,
  text.csv.status,
  text.csv.arrival,
  text.csv.source,
  text.csv.adminNotes,
  text.csv.cancellationReason,
  text.csv.cancelledBy,
  text.csv.createdAt,
]);

const CANCELLED_BY_LABELS = { guest: text.byGuest, staff: text.byStaff } as const;

function reservationLine(row: ReservationRow, createdAtMadrid: string): string {
  return csvLine([
    row.reservationDate,
    row.reservationTime,
    row.customerName,
    row.customerPhone,
    row.customerEmail,
    row.numberOfPeople,
    messages.reservationStatus[row.status],
    messages.arrivalStatus[row.arrivalStatus],
    text.sources[row.source],
    row.adminNotes,
    row.cancellationReason,
    row.cancelledBy ? CANCELLED_BY_LABELS[row.cancelledBy] : null,
    createdAtMadrid,
  ]);
}

type Batch = Awaited<ReturnType<typeof historyBatch>>;

async function* csvChunks(db: Executor, query: HistoryQuery, first: Batch): AsyncGenerator<string> {
  yield BOM + HEADER;
  let batch = first;
  while (batch.length > 0) {
    yield batch.map(({ row, createdAtMadrid }) => reservationLine(row, createdAtMadrid)).join('');
    if (batch.length < EXPORT_BATCH_SIZE) return;
    const last = batch[batch.length - 1]!;
    const cursor: HistoryCursor = { key: last.key, time: last.row.reservationTime, id: last.row.id };
    batch = await historyBatch(db, query, cursor, EXPORT_BATCH_SIZE);
  }
}

/**
 * The filtered history as a CSV stream, in the history's order. The first batch is read before anything is sent,
 * so a database failure still answers a proper error rather than a cut file.
 */
export async function historyCsv(db: Executor, query: HistoryQuery): Promise<Readable> {
  const first = await historyBatch(db, query, null, EXPORT_BATCH_SIZE);
  return Readable.from(csvChunks(db, query, first));
}

/** reservas-<from>-<to>.csv when the history is filtered by both dates, reservas.csv otherwise. */
export function exportFilename({ from, to }: Pick<HistoryQuery, 'from' | 'to'>): string {
  return from && to ? `reservas-${from}-${to}.csv` : 'reservas.csv';
}
