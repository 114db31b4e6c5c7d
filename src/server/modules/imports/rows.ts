// One row of an imported file read into Mesa's fields and validated with the same schemas as the staff forms (the
// manual reservation's for bookings); a row that cannot be read gets its reason in Spanish for the report.
import { z } from 'zod';
import { formatMessage } from '@shared/messages.ts';
import { importAllergens, importDate, importPartySize, importTime } from '@shared/rules/import-values.ts';
import type { ImportField } from '@shared/rules/import-columns.ts';
import { plainWords } from '@shared/rules/plain-words.ts';
import type { Allergen } from '@shared/schemas/guest.ts';
import type { ImportKind } from '@shared/schemas/import.ts';
import { manualReservationSchema, staffBookingFields } from '@shared/schemas/staff-reservation.ts';
import { importMessages } from '@shared/staff-messages/imports.ts';

const reasons = importMessages.reasons;
const NOTE_MAX = 1000;

export interface ImportedRow {
  /** The spreadsheet's row number: the headers are row 1. */
  row: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  tags: string[];
  allergens: Allergen[];
}

export interface ImportedBookingRow extends ImportedRow {
  name: string;
  phone: string;
  date: string;
  time: string;
  people: number;
  status: 'pending' | 'confirmed';
}

export type RowReading<Row> = { ok: true; value: Row } | { ok: false; reason: string };

/** The other system's words for a booking still to be confirmed, and for one that will not happen. */
const PENDING = new Set(['pendiente', 'pendiente de confirmar', 'por confirmar', 'sin confirmar', 'solicitada', 'solicitud', 'pending', 'requested', 'request', 'unconfirmed', 'tentative']);
const NOT_HAPPENING = new Set(['cancelada', 'cancelado', 'anulada', 'anulado', 'rechazada', 'rechazado', 'no show', 'no vino', 'no presentado', 'no presentada', 'cancelled', 'canceled', 'rejected', 'declined']);

type RowCells = Partial<Record<ImportField, string>>;

/** Each mapped field's cell of a row (the plan allows each field one column). */
function cellsOf(mapping: readonly (ImportField | null)[], cells: readonly string[]): RowCells {
  const values: RowCells = {};
  mapping.forEach((field, column) => {
    const cell = cells[column]?.trim() ?? '';
    if (field && cell !== '') values[field] = cell;
  });
  return values;
}

/** The note of a row: its notes, and an allergy cell's own words (the allergens are also read from it). */
function noteOf(cells: RowCells): string | null {
  const lines = [cells.notes, cells.allergens && `${importMessages.fields.allergens}: ${cells.allergens}`].filter(Boolean);
  return lines.length ? lines.join('\n') : null;
}

const tagsOf = (cell: string | undefined) => (cell ? cell.split(/[,;|/]/).map((tag) => tag.trim()).filter(Boolean) : []);

const fullName = (cells: RowCells) => [cells.name, cells.lastName].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim() || null;

const guestFieldsSchema = z.object({
  customerName: staffBookingFields.customerName.nullable(),
  customerPhone: staffBookingFields.customerPhone.nullable(),
  customerEmail: staffBookingFields.customerEmail,
});

/** A guest-book row: a name if any, an email or a phone at least, valid as the staff forms take them. */
export function readGuestRow(mapping: readonly (ImportField | null)[], cells: readonly string[], row: number): RowReading<ImportedRow> {
  const values = cellsOf(mapping, cells);
  if (!values.phone && !values.email) return { ok: false, reason: reasons.contactMissing };
  const parsed = guestFieldsSchema.safeParse({ customerName: fullName(values), customerPhone: values.phone ?? null, customerEmail: values.email ?? null });
  if (!parsed.success) return { ok: false, reason: fieldReason(parsed.error) };
  const notes = noteOf(values);
  if (notes && notes.length > NOTE_MAX) return { ok: false, reason: reasons.notesTooLong };
  const { customerName, customerPhone, customerEmail } = parsed.data;
  return {
    ok: true,
    value: { row, name: customerName, email: customerEmail, phone: customerPhone, notes, tags: tagsOf(values.tags), allergens: importAllergens(values.allergens ?? '') },
  };
}

/** A booking row: name, phone, a date to come, a time of the staff form's, a party; validated as a manual booking. */
export function readBookingRow(mapping: readonly (ImportField | null)[], cells: readonly string[], row: number, today: string): RowReading<ImportedBookingRow> {
  const values = cellsOf(mapping, cells);
  const status = values.status ? plainWords(values.status) : '';
  if (NOT_HAPPENING.has(status)) return { ok: false, reason: reasons.cancelledStatus };
  const name = fullName(values);
  const missing = !name ? reasons.nameMissing : !values.phone ? reasons.phoneMissing : !values.date ? reasons.dateMissing : !values.time ? reasons.timeMissing : !values.people ? reasons.peopleMissing : null;
  if (missing) return { ok: false, reason: missing };
  const date = importDate(values.date!);
  if (!date) return { ok: false, reason: formatMessage(reasons.dateInvalid, { value: values.date! }) };
  if (date < today) return { ok: false, reason: reasons.datePast };
  const time = importTime(values.time!);
  if (!time) return { ok: false, reason: formatMessage(reasons.timeInvalid, { value: values.time! }) };
  const notes = noteOf(values);
  if (notes && notes.length > NOTE_MAX) return { ok: false, reason: reasons.notesTooLong };
  const parsed = manualReservationSchema.safeParse({
    customerName: name,
    customerPhone: values.phone,
    customerEmail: values.email ?? null,
    numberOfPeople: importPartySize(values.people!) ?? Number.NaN,
    reservationDate: date,
    reservationTime: time,
    override: true,
    notes,
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    if (field === 'numberOfPeople') return { ok: false, reason: formatMessage(reasons.peopleInvalid, { value: values.people! }) };
    if (field === 'reservationTime') return { ok: false, reason: reasons.timeNotSlot };
    return { ok: false, reason: fieldReason(parsed.error) };
  }
  const input = parsed.data;
  return {
    ok: true,
    value: {
      row,
      name: input.customerName,
      email: input.customerEmail,
      phone: input.customerPhone,
      notes: input.notes,
      tags: tagsOf(values.tags),
      allergens: importAllergens(values.allergens ?? ''),
      date: input.reservationDate,
      time: input.reservationTime,
      people: input.numberOfPeople,
      status: PENDING.has(status) ? 'pending' : 'confirmed',
    },
  };
}

/** The reason of a refused contact field, named as the report names it. */
function fieldReason(error: z.ZodError): string {
  const field = error.issues[0]?.path[0];
  const detail = error.issues[0]?.message ?? '';
  if (field === 'customerName') return formatMessage(reasons.nameInvalid, { detail });
  if (field === 'customerPhone') return formatMessage(reasons.phoneInvalid, { detail });
  if (field === 'customerEmail') return formatMessage(reasons.emailInvalid, { detail });
  return detail;
}

export type ImportRowReading = RowReading<ImportedRow | ImportedBookingRow>;

/** The reader of a plan's rows. */
export function rowReader(kind: ImportKind, mapping: readonly (ImportField | null)[], today: string): (cells: readonly string[], row: number) => ImportRowReading {
  return kind === 'guests' ? (cells, row) => readGuestRow(mapping, cells, row) : (cells, row) => readBookingRow(mapping, cells, row, today);
}

export const isBookingRow = (row: ImportedRow | ImportedBookingRow): row is ImportedBookingRow => 'date' in row;

/** How the report names a row it could not read: its name, date and time cells as they are. */
export function rawRowLabel(mapping: readonly (ImportField | null)[], cells: readonly string[]): { name: string | null; date: string | null; time: string | null } {
  const values = cellsOf(mapping, cells);
  return { name: fullName(values), date: values.date ?? null, time: values.time ?? null };
}
