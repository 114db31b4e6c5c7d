import { type ReactNode, useId } from 'react';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { Card } from '@web/components/ui/card';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => string | number;
}

/**
 * One chart with its heading, and the same figures as a table under 'Ver datos' for screen readers and for copying.
 * The chart is a named figure (Recharts adds its own keyboard tooltips); the table is where its numbers are read.
 */
export function ChartPanel<Row>({
  title,
  note,
  chart,
  rows,
  columns,
}: {
  title: string;
  /** A line under the heading (the median, say). */
  note?: string;
  chart: ReactNode;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 p-4">
      <div>
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        {note && <p className="text-sm text-muted-foreground">{note}</p>}
      </div>
      <figure aria-label={title} className="h-60 w-full">
        {rows.length === 0 ? (
          <p className="flex h-full items-center justify-center text-sm text-muted-foreground">{statisticsMessages.noData}</p>
        ) : (
          chart
        )}
      </figure>
      <details>
        <summary className="cursor-pointer text-sm font-medium">{statisticsMessages.showData}</summary>
        <DataTable caption={title} rows={rows} columns={columns} />
      </details>
    </Card>
  );
}

function DataTable<Row>({ caption, rows, columns }: { caption: string; rows: readonly Row[]; columns: readonly Column<Row>[] }) {
  return (
    <div className="mt-2 max-h-72 overflow-auto">
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b">
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-2 py-1 font-medium">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-b last:border-0">
              {columns.map((column, columnIndex) =>
                columnIndex === 0 ? (
                  <th key={column.header} scope="row" className="px-2 py-1 font-normal">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className="px-2 py-1">
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
