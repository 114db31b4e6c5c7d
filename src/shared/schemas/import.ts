// The import (issue 49): a CSV or XLSX file of another system's guests or bookings, read on the server, mapped to
// Mesa's fields by the owner, checked in a dry run, then imported by one job that survives a restart and can be
// undone as a whole for 24 hours. The routes are under /api/admin/imports (the owner's, with a recent sign-in).
import { z } from 'zod';
import { IMPORT_FIELDS, type ImportField } from '../rules/import-columns.ts';
import { importMessages } from '../staff-messages/imports.ts';

export { IMPORT_FIELDS, type ImportField };

const text = importMessages.validation;

export const IMPORT_KINDS = ['guests', 'reservations'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The encodings a Spanish export comes in; 'auto' reads the byte-order mark, else UTF-8, else Windows-1252. */
export const IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/**
 * The lawful basis the owner states for the guests a file brings (GDPR art. 6): their bookings in the system left
 * behind (a contract), or the restaurant's legitimate interest in its own guest book. Never consent: an import does
 * not invent one.
 */
export const IMPORT_LAWFUL_BASES = ['contract', 'legitimate_interest'] as const;
export type ImportLawfulBasis = (typeof IMPORT_LAWFUL_BASES)[number];

/** Files larger or longer than these are refused with a message (issue 49). */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_ROWS_MAX = 100_000;
export const IMPORT_COLUMNS_MAX = 200;
/** The preview shows this many rows; the dry run's answer lists this many rows that are not a plain 'create'. */
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_REPORT_ROWS_MAX = 500;
/** 'Deshacer importación' is offered this long after an import finished. */
export const IMPORT_UNDO_WINDOW_MS = 24 * 60 * 60_000;

/** POST /api/admin/imports/files?name=…&encoding=…: the body is the file's bytes (application/octet-stream). */
export const importUploadQuerySchema = z.object({
  name: z.string().trim().min(1, text.fileNameRequired).max(200, text.fileNameRequired),
  encoding: z.enum(['auto', ...IMPORT_ENCODINGS], { error: text.encodingInvalid }).default('auto'),
});

const mappingSchema = z
  .array(z.enum(IMPORT_FIELDS, { error: text.fieldInvalid }).nullable(), { error: text.mappingRequired })
  .max(IMPORT_COLUMNS_MAX, text.mappingRequired);

/** The file as read: what the mapping screen shows. `mapping` is the guess, or the saved mapping that fits best. */
export const importFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  /** Null for XLSX, which carries its own. */
  encoding: z.enum(IMPORT_ENCODINGS).nullable(),
  /** The text looks like one encoding read as another ('EspaÃ±a', '�'): the screen offers the other encodings. */
  garbled: z.boolean(),
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  mapping: z.array(z.enum(IMPORT_FIELDS).nullable()),
  /** The saved mapping applied, when one named every column of this file's headers it could. */
  mappingName: z.string().nullable(),
});
export type ImportFile = z.infer<typeof importFileSchema>;

/** POST /api/admin/imports/:id/dry-run: what the file holds and how its columns map. */
export const importPlanSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: text.kindRequired }),
  mapping: mappingSchema,
  lawfulBasis: z.enum(IMPORT_LAWFUL_BASES, { error: text.lawfulBasisRequired }),
  /** Send imported bookings' guests the confirmation email (off unless the owner ticks it). */
  notifyGuests: z.boolean().default(false),
});
export type ImportPlan = z.input<typeof importPlanSchema>;

export const IMPORT_OUTCOMES = ['create', 'merge', 'duplicate', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/**
 * Marks of a booking imported as staff would force it: closed then ('Fuera de horario'), no free table for it
 * ('Sin mesa'), over the covers pacing ('Por encima del ritmo').
 */
export const IMPORT_MARKS = ['outside_hours', 'no_table', 'over_pacing'] as const;
export type ImportMark = (typeof IMPORT_MARKS)[number];

/** One row of a report. `row` is the spreadsheet's row number (the headers are row 1). */
export const importReportRowSchema = z.object({
  row: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** In Spanish, for 'duplicate', 'refused' and 'merge' (with whom). */
  reason: z.string().nullable(),
  name: z.string().nullable(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  marks: z.array(z.enum(IMPORT_MARKS)),
});
export type ImportReportRow = z.infer<typeof importReportRowSchema>;

const countsSchema = z.object({ create: z.number().int(), merge: z.number().int(), duplicate: z.number().int(), refused: z.number().int() });
export type ImportCounts = z.infer<typeof countsSchema>;

/** The dry run's answer: the counts, and the rows that are not a plain 'create' (at most IMPORT_REPORT_ROWS_MAX). */
export const importReportSchema = z.object({
  counts: countsSchema,
  /** Rows the import would write: create + merge ('Importar N filas'). */
  importable: z.number().int(),
  rows: z.array(importReportRowSchema),
  /** How many rows `rows` left out. */
  rowsLeftOut: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const IMPORT_STATUSES = ['checked', 'queued', 'running', 'done', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import as its progress and its end show it: GET /api/admin/imports/:id, and each of GET /api/admin/imports. */
export const importRunSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  rowCount: z.number().int(),
  /** Rows the job has gone through (for the progress bar, of `rowCount`). */
  processedRows: z.number().int(),
  counts: countsSchema,
  /** Imported with a mark, or refused when the job reached them (at most IMPORT_REPORT_ROWS_MAX). */
  listed: z.array(importReportRowSchema),
  notifyGuests: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Until when 'Deshacer importación' is offered; null once undone, or for an import not finished. */
  undoUntil: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const IMPORT_MAPPING_NAME_MAX = 60;

/** POST /api/admin/imports/mappings: 'Guardar asignación'; a mapping of the same name is replaced. */
export const importMappingInputSchema = z.object({
  name: z.string({ error: text.mappingNameRequired }).trim().min(1, text.mappingNameRequired).max(IMPORT_MAPPING_NAME_MAX, text.mappingNameTooLong),
  kind: z.enum(IMPORT_KINDS, { error: text.kindRequired }),
  /** Each header of the file and the field it holds; headers left unmapped are left out. */
  columns: z.record(z.string().max(200), z.enum(IMPORT_FIELDS, { error: text.fieldInvalid })).refine((columns) => Object.keys(columns).length <= IMPORT_COLUMNS_MAX, text.mappingRequired),
});
export type ImportMappingInput = z.input<typeof importMappingInputSchema>;

export const importMappingSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(IMPORT_KINDS),
  columns: z.record(z.string(), z.enum(IMPORT_FIELDS)),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;
