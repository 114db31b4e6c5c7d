// A plan (what the file holds, how its columns map) is checked against the file before any row is read.
import { formatMessage } from '@shared/messages.ts';
import type { ImportField } from '@shared/rules/import-columns.ts';
import type { ImportKind } from '@shared/schemas/import.ts';
import { importMessages } from '@shared/staff-messages/imports.ts';
import { AppError } from '../../platform/errors.ts';

const text = importMessages.validation;

/** What a booking needs, as the manual booking form asks it. A guest needs a phone or an email. */
const NEEDED: Record<ImportKind, readonly ImportField[]> = {
  guests: [],
  reservations: ['name', 'phone', 'date', 'time', 'people'],
};

const refused = (message: string) => new AppError(400, 'validation_failed', message, { mapping: message });

export function checkPlan(kind: ImportKind, mapping: readonly (ImportField | null)[], columns: number): void {
  if (mapping.length !== columns) throw refused(text.mappingRequired);
  const mapped = mapping.filter((field): field is ImportField => field !== null);
  const twice = mapped.find((field, index) => mapped.indexOf(field) !== index);
  if (twice) throw refused(formatMessage(text.fieldTwice, { field: importMessages.fields[twice] }));
  const missing = NEEDED[kind].filter((field) => !mapped.includes(field));
  if (missing.length > 0) throw refused(formatMessage(text.fieldsMissing, { fields: missing.map((field) => importMessages.fields[field]).join(', ') }));
  if (kind === 'guests' && !mapped.includes('phone') && !mapped.includes('email')) throw refused(text.guestContactMissing);
}
