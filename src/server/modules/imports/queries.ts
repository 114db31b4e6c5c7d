import { and, desc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { ImportCounts, ImportReportRow } from '@shared/schemas/import.ts';
import type { Executor } from '../../db/client.ts';
import { importMappings, imports } from '../../db/schema.ts';
import { rowsOf } from '../../db/rows.ts';

export type ImportRow = typeof imports.$inferSelect;
/** An import without its file's cells and its dry run's rows: what the screens and the job's bookkeeping read. */
export type ImportSummary = Omit<ImportRow, 'rows' | 'checkedRows'>;

const summaryColumns = Object.fromEntries(
  Object.entries(getTableColumns(imports)).filter(([name]) => name !== 'rows' && name !== 'checkedRows'),
) as Omit<ReturnType<typeof getTableColumns<typeof imports>>, 'rows' | 'checkedRows'>;

export async function findImport(db: Executor, id: string): Promise<ImportSummary | null> {
  const [row] = await db.select(summaryColumns).from(imports).where(eq(imports.id, id)).limit(1);
  return row ?? null;
}

export async function lockImport(db: Executor, id: string): Promise<ImportSummary | null> {
  const [row] = await db.select(summaryColumns).from(imports).where(eq(imports.id, id)).for('update');
  return row ?? null;
}

/** The file's cells, all of them (the dry run). */
export async function importCells(db: Executor, id: string): Promise<string[][]> {
  const [row] = await db.select({ rows: imports.rows }).from(imports).where(eq(imports.id, id));
  return row?.rows ?? [];
}

/** The cells of rows [from, to) of the file, read out of the stored array by the database (the job's batch). */
export async function importCellsSlice(db: Executor, id: string, from: number, to: number): Promise<string[][]> {
  const [row] = await rowsOf<{ cells: string[][] | null }>(
    db,
    sql`select jsonb_path_query_array(rows, ${`$[${from} to ${to - 1}]`}::jsonpath) as "cells" from imports where id = ${id}`,
  );
  return row?.cells ?? [];
}

/** The dry run's rows of spreadsheet rows [from, to]. */
export async function checkedRowsBetween(db: Executor, id: string, from: number, to: number): Promise<ImportReportRow[]> {
  const [row] = await rowsOf<{ checked: ImportReportRow[] | null }>(
    db,
    sql`select jsonb_path_query_array(checked_rows, ${`$[*] ? (@.row >= ${from} && @.row <= ${to})`}::jsonpath) as "checked" from imports where id = ${id}`,
  );
  return row?.checked ?? [];
}

export async function allCheckedRows(db: Executor, id: string): Promise<ImportReportRow[]> {
  const [row] = await db.select({ checked: imports.checkedRows }).from(imports).where(eq(imports.id, id));
  return row?.checked ?? [];
}

/** The oldest import the job has to go on with, locked; one another instance is working on is skipped. */
export async function lockWaitingImport(db: Executor): Promise<ImportSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(imports)
    .where(inArray(imports.status, ['queued', 'running']))
    .orderBy(imports.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function recentImports(db: Executor, limit: number): Promise<ImportSummary[]> {
  return db
    .select(summaryColumns)
    .from(imports)
    .where(inArray(imports.status, ['queued', 'running', 'done', 'undone']))
    .orderBy(desc(imports.createdAt))
    .limit(limit);
}

export function addCounts(a: ImportCounts, b: ImportCounts): ImportCounts {
  return { create: a.create + b.create, merge: a.merge + b.merge, duplicate: a.duplicate + b.duplicate, refused: a.refused + b.refused };
}

export const noCounts = (): ImportCounts => ({ create: 0, merge: 0, duplicate: 0, refused: 0 });

/**
 * What is kept of a file once it can no longer be imported or undone: its cells, its report and the merged guests'
 * earlier data are personal data. Files never imported go after the same 24 hours.
 */
export async function forgetOldFiles(db: Executor, before: Date): Promise<void> {
  await db.delete(imports).where(and(inArray(imports.status, ['uploaded', 'checked']), lt(imports.createdAt, before)));
  // What the merged guests were before the import: needed for the undo only.
  await db.execute(sql`delete from import_guest_merges m using imports i
    where m.import_id = i.id and i.status = 'done' and i.finished_at < ${before}`);
  await db
    .update(imports)
    .set({ rows: null, checkedRows: null })
    .where(and(or(and(eq(imports.status, 'done'), lt(imports.finishedAt, before)), eq(imports.status, 'undone')), sql`${imports.rows} is not null`));
}

export async function listMappings(db: Executor) {
  return db.select().from(importMappings).orderBy(importMappings.name);
}
