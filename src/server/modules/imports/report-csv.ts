// 'Descargar informe (CSV)': every row of the file with what the dry run said of it, and what the job did where it
// has reached it.
import { csvLine, CSV_BOM } from '@shared/rules/csv.ts';
import type { ImportReportRow } from '@shared/schemas/import.ts';
import { importMessages } from '@shared/staff-messages/imports.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { FIRST_ROW_NUMBER } from './dry-run.ts';
import * as q from './queries.ts';
import { rawRowLabel } from './rows.ts';

const text = importMessages;

export async function importReportCsv(db: Executor, id: string): Promise<string> {
  const run = await q.findImport(db, id);
  if (!run || !run.mapping) throw notFound(text.errors.notFound);
  const [cells, checked] = await Promise.all([q.importCells(db, id), q.allCheckedRows(db, id)]);
  const byRow = new Map<number, ImportReportRow>(checked.map((row) => [row.row, row]));
  for (const row of run.listed) byRow.set(row.row, row);
  const columns = text.report.columns;
  const lines = [csvLine([columns.row, columns.outcome, columns.reason, columns.name, columns.date, columns.time, columns.marks])];
  cells.forEach((row, index) => {
    const number = index + FIRST_ROW_NUMBER;
    const line = byRow.get(number) ?? { row: number, outcome: 'create' as const, reason: null, ...rawRowLabel(run.mapping!, row), marks: [] };
    const marks = line.marks.map((mark) => text.marks[mark]).join(', ');
    lines.push(csvLine([number, text.outcomes[line.outcome], line.reason, line.name, line.date, line.time, marks]));
  });
  return CSV_BOM + lines.join('');
}
