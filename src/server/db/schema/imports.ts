// The import (issue 49): a file of another system's guests or bookings, from its upload to its undo.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { IMPORT_ENCODINGS, IMPORT_KINDS, IMPORT_LAWFUL_BASES, type ImportCounts, type ImportReportRow } from '@shared/schemas/import.ts';
import type { ImportField } from '@shared/rules/import-columns.ts';
import { users } from './accounts.ts';
import { createdAt, instant, oneOf } from './columns.ts';

/** 'uploaded': read, not checked; then the dry run ('checked'), the job ('queued', 'running'), its end. */
export const IMPORT_RUN_STATUSES = ['uploaded', 'checked', 'queued', 'running', 'done', 'undone'] as const;

export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    encoding: text('encoding', { enum: IMPORT_ENCODINGS }),
    /** Read as mojibake in that encoding: the dry run refuses it until it is read in another. */
    garbled: boolean('garbled').notNull().default(false),
    headers: text('headers').array().notNull(),
    rowCount: integer('row_count').notNull(),
    /** The file's cells, string[][]; personal data, so emptied once the import can no longer be undone. */
    rows: jsonb('rows').$type<string[][]>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The change log names the owner who imported each booking. */
    createdByEmail: text('created_by_email').notNull(),
    createdAt: createdAt(),
    status: text('status', { enum: IMPORT_RUN_STATUSES }).notNull().default('uploaded'),
    kind: text('kind', { enum: IMPORT_KINDS }),
    mapping: jsonb('mapping').$type<(ImportField | null)[]>(),
    lawfulBasis: text('lawful_basis', { enum: IMPORT_LAWFUL_BASES }),
    notifyGuests: boolean('notify_guests').notNull().default(false),
    /** The dry run's rows that are not a plain 'create' (for the report's CSV); the job skips its duplicates and refusals. */
    checkedRows: jsonb('checked_rows').$type<ImportReportRow[]>(),
    /** The dry run's counts. */
    checkedCounts: jsonb('checked_counts').$type<ImportCounts>(),
    /** The job's cursor: rows before it are done, in the same transaction as their writes. */
    nextRow: integer('next_row').notNull().default(0),
    counts: jsonb('counts').$type<ImportCounts>().notNull().default(sql`'{"create":0,"merge":0,"duplicate":0,"refused":0}'::jsonb`),
    /** Rows imported with a mark or refused when the job reached them. */
    listed: jsonb('listed').$type<ImportReportRow[]>().notNull().default(sql`'[]'::jsonb`),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    undoneAt: instant('undone_at'),
  },
  (t) => [
    check('imports_status', oneOf('status', IMPORT_RUN_STATUSES)),
    check('imports_kind', oneOf('kind', IMPORT_KINDS)),
    check('imports_lawful_basis', oneOf('lawful_basis', IMPORT_LAWFUL_BASES)),
    index('imports_created_at_idx').on(t.createdAt),
    // The job's queue: few rows ever wait.
    index('imports_waiting_idx').on(t.createdAt).where(sql`status in ('queued', 'running')`),
  ],
);

/** 'Guardar asignación': a file's headers and the field each holds, for the next file of the same system. */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    columns: jsonb('columns').$type<Record<string, ImportField>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('import_mappings_name_key').on(t.name), check('import_mappings_kind', oneOf('kind', IMPORT_KINDS))],
);
