// The import's job (issue 49): the file's rows written in batches, each batch one transaction that also moves the
// import's cursor, so a restart goes on from the first row not written and no row is written twice. The import's
// row is locked with SKIP LOCKED for the batch: with several instances, one works on it at a time.
import { formatMessage } from '@shared/messages.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import { plainWords } from '@shared/rules/plain-words.ts';
import type { ImportCounts, ImportMark, ImportReportRow } from '@shared/schemas/import.ts';
import { IMPORT_REPORT_ROWS_MAX } from '@shared/schemas/import.ts';
import { importMessages } from '@shared/staff-messages/imports.ts';
import type { Transaction } from '../../db/client.ts';
import { imports } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { eq } from 'drizzle-orm';
import { importGuest, joinedNote } from '../guests/service.ts';
import { type Actor, activeSlotsOfGuests, guestSlotKey, notifyGuestOfStatus, placeStaffBooking } from '../reservations/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { FIRST_ROW_NUMBER } from './dry-run.ts';
import * as q from './queries.ts';
import { type ImportedBookingRow, type ImportedRow, isBookingRow, rowReader } from './rows.ts';

/** Rows per transaction: a booking takes the date's locks, so its batches are shorter. */
const BATCH_ROWS = { guests: 500, reservations: 100 } as const;

interface Batch {
  deps: ServiceDeps;
  tx: Transaction;
  run: q.ImportSummary;
  now: Date;
  tagOptions: readonly string[];
  counts: ImportCounts;
  listed: ImportReportRow[];
}

/** The owner's tags among the row's (in the owner's spelling); the others are kept in the guest's note. */
function splitTags(tags: readonly string[], options: readonly string[]): { tags: string[]; note: string | null } {
  const offered = new Map(options.map((option) => [plainWords(option), option]));
  const kept = [...new Set(tags.flatMap((tag) => offered.get(plainWords(tag)) ?? []))];
  const others = tags.filter((tag) => !offered.has(plainWords(tag)));
  return { tags: kept, note: others.length ? `${importMessages.fields.tags}: ${others.join(', ')}` : null };
}

function guestOf(row: ImportedRow, options: readonly string[], withNotes: boolean) {
  const { tags, note } = splitTags(row.tags, options);
  return { email: row.email, phone: row.phone, name: row.name, tags, allergens: row.allergens, note: joinedNote(withNotes ? row.notes : null, note) };
}

async function writeGuestRow(batch: Batch, row: ImportedRow): Promise<void> {
  const written = await importGuest(batch.tx, guestOf(row, batch.tagOptions, true), batch.run.id, batch.now);
  batch.counts[written?.merged ? 'merge' : 'create'] += 1;
}

async function writeBookingRow(batch: Batch, row: ImportedBookingRow): Promise<void> {
  const { tx, run, now, deps } = batch;
  const guest = await importGuest(tx, guestOf(row, batch.tagOptions, false), run.id, now);
  if (guest && (await activeSlotsOfGuests(tx, [guest.id], row.date)).has(guestSlotKey(guest.id, row.date, row.time))) {
    list(batch, row, 'duplicate', formatMessage(importMessages.reasons.sameBookingExists, { date: row.date, time: row.time }), []);
    return;
  }
  const actor: Actor = { kind: 'staff', userId: run.createdBy, email: run.createdByEmail };
  const input = {
    customerName: row.name,
    customerPhone: row.phone,
    customerEmail: row.email,
    numberOfPeople: row.people,
    reservationDate: row.date,
    reservationTime: row.time,
    override: true,
    notes: row.notes,
  };
  const placed = await placeStaffBooking(tx, deps.clock, input, actor, { importId: run.id, status: row.status, guestId: guest?.id ?? null });
  const marks: ImportMark[] = [...(placed.closed ? ['outside_hours' as const] : []), ...(placed.noFreeTable ? ['no_table' as const] : []), ...(placed.pacingWarning ? ['over_pacing' as const] : [])];
  const outcome = guest?.merged ? 'merge' : 'create';
  if (marks.length) list(batch, row, outcome, null, marks);
  else batch.counts[outcome] += 1;
  if (run.notifyGuests && placed.row.status === 'confirmed') await notifyGuestOfStatus(tx, placed.row, deps.publicUrl, now, null);
}

function list(batch: Batch, row: ImportedRow | { row: number; name: string | null }, outcome: ImportReportRow['outcome'], reason: string | null, marks: ImportMark[]): void {
  batch.counts[outcome] += 1;
  const booking = 'date' in row ? (row as ImportedBookingRow) : null;
  batch.listed.push({ row: row.row, outcome, reason, name: row.name, date: booking?.date ?? null, time: booking?.time ?? null, marks });
}

/** One batch of the oldest waiting import; false when no import is waiting (or another instance holds it). */
export async function runImportBatch(deps: ServiceDeps): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const run = await q.lockWaitingImport(tx);
    if (!run || !run.kind || !run.mapping) return false;
    const now = deps.clock.now();
    const from = run.nextRow;
    const to = Math.min(run.rowCount, from + BATCH_ROWS[run.kind]);
    const cells = await q.importCellsSlice(tx, run.id, from, to);
    const skipped = (await q.checkedRowsBetween(tx, run.id, from + FIRST_ROW_NUMBER, to - 1 + FIRST_ROW_NUMBER)).filter(
      (row) => row.outcome === 'duplicate' || row.outcome === 'refused',
    );
    const skippedRows = new Set(skipped.map((row) => row.row));
    const batch: Batch = { deps, tx, run, now, tagOptions: (await getRestaurantConfig(tx)).guestTagOptions, counts: q.noCounts(), listed: [] };
    for (const row of skipped) batch.counts[row.outcome] += 1;
    const read = rowReader(run.kind, run.mapping, madridToday(now));
    const readings = cells.flatMap((row, index) => {
      const number = from + index + FIRST_ROW_NUMBER;
      return skippedRows.has(number) ? [] : [{ number, reading: read(row, number) }];
    });
    // Bookings in date order: a batch takes its dates' locks in one order.
    const ordered = readings.sort((a, b) => dateOf(a.reading).localeCompare(dateOf(b.reading)) || a.number - b.number);
    for (const { number, reading } of ordered) {
      if (!reading.ok) list(batch, { row: number, name: null }, 'refused', reading.reason, []);
      else if (isBookingRow(reading.value)) await writeBookingRow(batch, reading.value);
      else await writeGuestRow(batch, reading.value);
    }
    const done = to >= run.rowCount;
    await tx
      .update(imports)
      .set({
        nextRow: to,
        counts: q.addCounts(run.counts, batch.counts),
        listed: [...run.listed, ...batch.listed.sort((a, b) => a.row - b.row)].slice(0, IMPORT_REPORT_ROWS_MAX),
        status: done ? 'done' : 'running',
        finishedAt: done ? now : null,
      })
      .where(eq(imports.id, run.id));
    await recordChange(tx, { table: 'imports', action: 'update', id: run.id });
    if (run.kind === 'guests') await recordChange(tx, { table: 'guests', action: 'update', id: null });
    return true;
  });
}

const dateOf = (reading: ReturnType<ReturnType<typeof rowReader>>) => (reading.ok && isBookingRow(reading.value) ? `${reading.value.date} ${reading.value.time}` : '');

/** Batches until no import waits. */
export async function runWaitingImports(deps: ServiceDeps): Promise<void> {
  while (await runImportBatch(deps)) {
    // The next batch, in a new transaction.
  }
}
