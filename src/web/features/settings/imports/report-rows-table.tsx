import type { ImportReportRow } from '@shared/schemas/import';
import { importMessages } from '@shared/staff-messages/imports';
import { Badge } from '@web/components/ui/badge';
import { formatShortDate } from '@web/lib/format';
import { ScrollTable } from './scroll-table';

const columns = importMessages.report.columns;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const OUTCOME_VARIANTS = { create: 'success', merge: 'info', duplicate: 'warning', refused: 'danger' } as const;

/** Rows of a dry run or of a finished import: the file's row number, what happens to it and why, and its marks. */
export function ReportRowsTable({ rows, label }: { rows: readonly ImportReportRow[]; label: string }) {
  return (
    <ScrollTable label={label}>
      <thead>
        <tr>
          {[columns.row, columns.outcome, columns.reason, columns.name, columns.date, columns.time, columns.marks].map((title) => (
            <th key={title} scope="col" className="border-b px-3 py-2 text-left font-medium">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.row} className="border-b align-top last:border-b-0">
            <td className="px-3 py-2 tabular-nums">{row.row}</td>
            <td className="px-3 py-2">
              <Badge variant={OUTCOME_VARIANTS[row.outcome]}>{importMessages.outcomes[row.outcome]}</Badge>
            </td>
            <td className="min-w-48 max-w-80 px-3 py-2">{row.reason}</td>
            <td className="px-3 py-2">{row.name}</td>
            <td className="whitespace-nowrap px-3 py-2">{row.date && ISO_DATE.test(row.date) ? formatShortDate(row.date) : row.date}</td>
            <td className="whitespace-nowrap px-3 py-2">{row.time}</td>
            <td className="px-3 py-2">
              <span className="flex flex-wrap gap-1">
                {row.marks.map((mark) => (
                  <Badge key={mark} variant="warning">
                    {importMessages.marks[mark]}
                  </Badge>
                ))}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
