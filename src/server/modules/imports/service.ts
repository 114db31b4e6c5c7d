// The import (issue 49, decision 052): a file read and kept for 24 hours, its dry run, the job that writes it, its
// undo, and the owner's saved mappings. Every write is the owner's, with a recent sign-in (permissions.ts).
import { and, eq, sql } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import { guessImportMapping, type ImportField } from '@shared/rules/import-columns.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import {
  IMPORT_PREVIEW_ROWS,
  IMPORT_REPORT_ROWS_MAX,
  IMPORT_UNDO_WINDOW_MS,
  type ImportFile,
  type ImportMapping,
  type importMappingInputSchema,
  type importPlanSchema,
  type ImportReport,
  type ImportRun,
  type importUploadQuerySchema,
} from '@shared/schemas/import.ts';
import { importMessages } from '@shared/staff-messages/imports.ts';
import type { z } from 'zod';
import { importMappings, imports } from '../../db/schema.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { undoImportedGuests } from '../guests/service.ts';
import { undoImportedBookings } from '../reservations/service.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { dryRun } from './dry-run.ts';
import { checkPlan } from './plan.ts';
import * as q from './queries.ts';
import { ImportFileError, type ImportFileProblem, readImportFile } from './read-file.ts';

export { importReportCsv } from './report-csv.ts';
export { importsJob, watchImports } from './triggers.ts';

const text = importMessages;
const RECENT_IMPORTS = 10;

const FILE_PROBLEMS: Record<ImportFileProblem, string> = {
  too_large: text.errors.tooLarge,
  too_many_rows: text.errors.tooManyRows,
  too_many_columns: text.errors.tooManyColumns,
  empty: text.errors.empty,
  unreadable: text.errors.unreadable,
};

const fileRefused = (message: string) => new AppError(400, 'import_file_refused', message, { file: message });

/** The saved mapping that names most of these headers (at least half of its own), applied; else the guess. */
async function mappingFor(db: Executor, headers: readonly string[]): Promise<{ mapping: (ImportField | null)[]; name: string | null }> {
  let best: { mapping: (ImportField | null)[]; name: string; matched: number } | null = null;
  for (const saved of await q.listMappings(db)) {
    const keys = Object.keys(saved.columns);
    const matched = headers.filter((header) => header in saved.columns).length;
    if (matched * 2 < keys.length || matched === 0 || (best && best.matched >= matched)) continue;
    const taken = new Set<ImportField>();
    const mapping = headers.map((header) => {
      const field = saved.columns[header] ?? null;
      if (!field || taken.has(field)) return null;
      taken.add(field);
      return field;
    });
    best = { mapping, name: saved.name, matched };
  }
  return best ? { mapping: best.mapping, name: best.name } : { mapping: guessImportMapping(headers), name: null };
}

export async function uploadImportFile(
  { db }: ServiceDeps,
  bytes: Uint8Array,
  query: z.output<typeof importUploadQuerySchema>,
  owner: { userId: string; email: string },
): Promise<ImportFile> {
  let table;
  try {
    table = await readImportFile(bytes, { encoding: query.encoding });
  } catch (error) {
    if (error instanceof ImportFileError) throw fileRefused(FILE_PROBLEMS[error.problem]);
    throw error;
  }
  const { mapping, name } = await mappingFor(db, table.headers);
  const [row] = await db
    .insert(imports)
    .values({
      fileName: query.name,
      format: table.format,
      encoding: table.encoding,
      garbled: table.garbled,
      headers: table.headers,
      rowCount: table.rows.length,
      rows: table.rows,
      createdBy: owner.userId,
      createdByEmail: owner.email,
    })
    .returning({ id: imports.id });
  return {
    id: row!.id,
    fileName: query.name,
    format: table.format,
    encoding: table.encoding,
    garbled: table.garbled,
    headers: table.headers,
    preview: table.rows.slice(0, IMPORT_PREVIEW_ROWS),
    rowCount: table.rows.length,
    mapping,
    mappingName: name,
  };
}

/** The dry run: nothing but the plan and its report is written. */
export async function checkImport({ db, clock }: ServiceDeps, id: string, plan: z.output<typeof importPlanSchema>): Promise<ImportReport> {
  const run = await q.findImport(db, id);
  if (!run) throw notFound(text.errors.notFound);
  if (run.status !== 'uploaded' && run.status !== 'checked') throw conflict('import_started', text.errors.alreadyStarted);
  // Mojibake is never imported: the file is read again in another encoding first.
  if (run.garbled) throw fileRefused(text.errors.garbled);
  checkPlan(plan.kind, plan.mapping, run.headers.length);
  const { counts, checkedRows } = await dryRun(db, plan.kind, plan.mapping, await q.importCells(db, id), madridToday(clock.now()));
  const { kind, mapping, lawfulBasis, notifyGuests } = plan;
  const updated = await db
    .update(imports)
    .set({ kind, mapping, lawfulBasis, notifyGuests: kind === 'reservations' && notifyGuests, checkedRows, checkedCounts: counts, status: 'checked' })
    .where(and(eq(imports.id, id), sql`${imports.status} in ('uploaded', 'checked')`))
    .returning({ id: imports.id });
  if (updated.length === 0) throw conflict('import_started', text.errors.alreadyStarted);
  return {
    counts,
    importable: counts.create + counts.merge,
    rows: checkedRows.slice(0, IMPORT_REPORT_ROWS_MAX),
    rowsLeftOut: Math.max(0, checkedRows.length - IMPORT_REPORT_ROWS_MAX),
  };
}

export async function startImport({ db, clock }: ServiceDeps, id: string, actor: SensitiveActor): Promise<ImportRun> {
  return db.transaction(async (tx) => {
    const run = await q.lockImport(tx, id);
    if (!run) throw notFound(text.errors.notFound);
    if (run.status === 'uploaded') throw conflict('import_not_checked', text.errors.notChecked);
    if (run.status !== 'checked') throw conflict('import_started', text.errors.alreadyStarted);
    const counts = run.checkedCounts ?? q.noCounts();
    if (counts.create + counts.merge === 0) throw new AppError(400, 'import_empty', text.errors.nothingToImport);
    const now = clock.now();
    await tx.update(imports).set({ status: 'queued', startedAt: now }).where(eq(imports.id, id));
    const detail = formatMessage(text.security.started, { file: run.fileName, count: counts.create + counts.merge });
    await recordSensitiveChange(tx, { at: now, actor, action: 'import_started', detail });
    await recordChange(tx, { table: 'imports', action: 'update', id });
    return runView({ ...run, status: 'queued', startedAt: now }, now);
  });
}

function runView(run: q.ImportSummary, now: Date): ImportRun {
  const undoUntil = run.status === 'done' && run.finishedAt ? new Date(run.finishedAt.getTime() + IMPORT_UNDO_WINDOW_MS) : null;
  return {
    id: run.id,
    fileName: run.fileName,
    kind: run.kind ?? 'guests',
    status: run.status === 'uploaded' ? 'checked' : run.status,
    rowCount: run.rowCount,
    processedRows: run.nextRow,
    counts: run.counts,
    listed: run.listed,
    notifyGuests: run.notifyGuests,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    undoUntil: undoUntil && undoUntil > now ? undoUntil.toISOString() : null,
  };
}

export async function importRun({ db, clock }: ServiceDeps, id: string): Promise<ImportRun> {
  const run = await q.findImport(db, id);
  if (!run || run.status === 'uploaded') throw notFound(text.errors.notFound);
  return runView(run, clock.now());
}

export async function recentImportRuns({ db, clock }: ServiceDeps): Promise<ImportRun[]> {
  const now = clock.now();
  return (await q.recentImports(db, RECENT_IMPORTS)).map((run) => runView(run, now));
}

/** 'Deshacer importación': within 24 hours of its end, everything it wrote goes, in one transaction. */
export async function undoImport({ db, clock }: ServiceDeps, id: string, actor: SensitiveActor): Promise<ImportRun> {
  return db.transaction(async (tx) => {
    const run = await q.lockImport(tx, id);
    if (!run || run.status === 'uploaded') throw notFound(text.errors.notFound);
    if (run.status !== 'done' || !run.finishedAt) throw conflict('import_not_done', text.errors.undoNotAllowed);
    const now = clock.now();
    if (now.getTime() - run.finishedAt.getTime() > IMPORT_UNDO_WINDOW_MS) throw conflict('import_undo_expired', text.errors.undoExpired);
    await undoImportedBookings(tx, id);
    await undoImportedGuests(tx, id, now);
    await tx.update(imports).set({ status: 'undone', undoneAt: now, rows: null, checkedRows: null }).where(eq(imports.id, id));
    await recordSensitiveChange(tx, { at: now, actor, action: 'import_undone', detail: formatMessage(text.security.undone, { file: run.fileName }) });
    await recordChange(tx, { table: 'imports', action: 'update', id });
    await recordChange(tx, { table: 'guests', action: 'delete', id: null });
    return runView({ ...run, status: 'undone', undoneAt: now }, now);
  });
}

export async function listImportMappings({ db }: ServiceDeps): Promise<ImportMapping[]> {
  return (await q.listMappings(db)).map(({ id, name, kind, columns }) => ({ id, name, kind, columns }));
}

/** 'Guardar asignación': one of the same name is replaced. */
export async function saveImportMapping({ db }: ServiceDeps, input: z.output<typeof importMappingInputSchema>): Promise<ImportMapping> {
  const [row] = await db
    .insert(importMappings)
    .values(input)
    .onConflictDoUpdate({ target: importMappings.name, set: { kind: input.kind, columns: input.columns } })
    .returning();
  return { id: row!.id, name: row!.name, kind: row!.kind, columns: row!.columns };
}

export async function deleteImportMapping({ db }: ServiceDeps, id: string): Promise<void> {
  const deleted = await db.delete(importMappings).where(eq(importMappings.id, id)).returning({ id: importMappings.id });
  if (deleted.length === 0) throw notFound(text.errors.mappingNotFound);
}

