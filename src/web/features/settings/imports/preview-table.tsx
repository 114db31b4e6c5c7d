import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import type { ImportField } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { importMessages } from '@shared/staff-messages/imports';
import { columnName } from './column-name';
import { ScrollTable } from './scroll-table';

const text = importScreenMessages.preview;

interface PreviewTableProps {
  headers: readonly string[];
  preview: readonly (readonly string[])[];
  mapping: readonly (ImportField | null)[];
}

/** The file's first rows as read, each header with the field it goes to: what the mapping does, at a glance. */
export function PreviewTable({ headers, preview, mapping }: PreviewTableProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-2">
      <h4 id={titleId} className="text-base font-semibold">
        {text.title}
      </h4>
      <ScrollTable label={formatMessage(text.caption, { count: preview.length })}>
        <thead>
          <tr>
            {headers.map((header, index) => {
              const field = mapping[index] ?? null;
              return (
                <th key={index} scope="col" className="border-b px-3 py-2 text-left align-bottom font-medium">
                  <span className="block whitespace-nowrap">{columnName(header, index)}</span>
                  <span className={field ? 'block text-xs font-medium text-foreground' : 'block text-xs font-normal text-muted-foreground'}>
                    {field ? importMessages.fields[field] : importScreenMessages.mapping.skip}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {preview.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b last:border-b-0">
              {headers.map((_, index) => (
                <td key={index} className="max-w-64 truncate px-3 py-2" title={row[index] ?? ''}>
                  {row[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}
