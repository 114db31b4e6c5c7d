// The dry run (issue 49): what each row would do, read from the file and the database without writing anything.
// A row is created, merged with the guest linkGuest would recognise (or with an earlier row's), skipped as a
// duplicate (an earlier row, or a booking the guest already holds then), or refused with its reason.
import { formatMessage } from '@shared/messages.ts';
import type { ImportField } from '@shared/rules/import-columns.ts';
import { normaliseEmail, normalisePhone } from '@shared/rules/guests.ts';
import type { ImportCounts, ImportKind, ImportMark, ImportReportRow } from '@shared/schemas/import.ts';
import { importMessages } from '@shared/staff-messages/imports.ts';
import type { Executor } from '../../db/client.ts';
import { staffClosureCheck } from '../availability/service.ts';
import { importedGuestMatch, lookUpGuests } from '../guests/service.ts';
import { activeSlotsOfGuests, guestSlotKey } from '../reservations/service.ts';
import { noCounts } from './queries.ts';
import { type ImportedBookingRow, type ImportedRow, type ImportRowReading, isBookingRow, rawRowLabel, rowReader } from './rows.ts';

const reasons = importMessages.reasons;
/** The spreadsheet's first data row: the headers are row 1. */
export const FIRST_ROW_NUMBER = 2;

export interface DryRun {
  counts: ImportCounts;
  /** Every row that is not a plain 'create', in the file's order. */
  checkedRows: ImportReportRow[];
}

/** Rows of the file that name the same guest: by email, else by phone, as guests are matched. */
class SameGuestRows {
  private readonly byEmail = new Map<string, number>();
  private readonly byPhone = new Map<string, number>();

  /** The row's guest key: the first row that named this guest's email or phone. */
  keyOf(row: ImportedRow): string {
    const email = normaliseEmail(row.email);
    const phone = normalisePhone(row.phone);
    const first = (email ? this.byEmail.get(email) : undefined) ?? (phone ? this.byPhone.get(phone) : undefined) ?? row.row;
    if (email && !this.byEmail.has(email)) this.byEmail.set(email, first);
    if (phone && !this.byPhone.has(phone)) this.byPhone.set(phone, first);
    return String(first);
  }
}

export const dayMonthYear = (date: string) => date.split('-').reverse().join('/');

export async function dryRun(db: Executor, kind: ImportKind, mapping: readonly (ImportField | null)[], cells: readonly string[][], today: string): Promise<DryRun> {
  const read = rowReader(kind, mapping, today);
  const readings: ImportRowReading[] = cells.map((row, index) => read(row, index + FIRST_ROW_NUMBER));
  const readable = readings.flatMap((reading) => (reading.ok ? [reading.value] : []));
  const lookups = await lookUpGuests(db, readable);
  const matchOf = new Map(readable.map((row, index) => [row.row, importedGuestMatch(lookups[index] ?? null)]));
  const bookings = readable.filter(isBookingRow);
  const held = await activeSlotsOfGuests(db, [...new Set([...matchOf.values()].flatMap((match) => (match ? [match.id] : [])))], today);
  const closedAt = bookings.length ? await staffClosureCheck(db, minOf(bookings.map((row) => row.date)), maxOf(bookings.map((row) => row.date))) : null;

  const counts = noCounts();
  const checkedRows: ImportReportRow[] = [];
  const sameGuest = new SameGuestRows();
  const seen = new Map<string, number>();
  readings.forEach((reading, index) => {
    const rowNumber = index + FIRST_ROW_NUMBER;
    const report = (outcome: ImportReportRow['outcome'], reason: string | null, marks: ImportMark[] = []) => {
      counts[outcome] += 1;
      if (outcome === 'create' && marks.length === 0) return;
      const label = reading.ok ? labelOf(reading.value) : rawRowLabel(mapping, cells[index]!);
      checkedRows.push({ row: rowNumber, outcome, reason, ...label, marks });
    };
    if (!reading.ok) return report('refused', reading.reason);
    const row = reading.value;
    const guestKey = sameGuest.keyOf(row);
    const match = matchOf.get(row.row) ?? null;
    if (isBookingRow(row)) {
      const slot = `${guestKey} ${row.date} ${row.time}`;
      const earlier = seen.get(slot);
      if (earlier !== undefined) return report('duplicate', formatMessage(reasons.sameRowAbove, { row: earlier }));
      seen.set(slot, row.row);
      if (match && held.has(guestSlotKey(match.id, row.date, row.time))) {
        return report('duplicate', formatMessage(reasons.sameBookingExists, { date: dayMonthYear(row.date), time: row.time }));
      }
      const marks: ImportMark[] = closedAt?.(row.date, row.time) ? ['outside_hours'] : [];
      return match ? report('merge', formatMessage(reasons.mergedWith, { guest: match.contact }), marks) : report('create', null, marks);
    }
    const same = JSON.stringify(cells[index]);
    const earlier = seen.get(same);
    if (earlier !== undefined) return report('duplicate', formatMessage(reasons.sameRowAbove, { row: earlier }));
    seen.set(same, row.row);
    if (match) return report('merge', formatMessage(reasons.mergedWith, { guest: match.contact }));
    if (guestKey !== String(row.row)) return report('merge', formatMessage(reasons.mergedWithRow, { row: guestKey }));
    return report('create', null);
  });
  return { counts, checkedRows };
}

function labelOf(row: ImportedRow | ImportedBookingRow) {
  return { name: row.name, date: isBookingRow(row) ? row.date : null, time: isBookingRow(row) ? row.time : null };
}

const minOf = (values: string[]) => values.reduce((a, b) => (b < a ? b : a));
const maxOf = (values: string[]) => values.reduce((a, b) => (b > a ? b : a));
