import type { ComponentProps } from 'react';
import { IMPORT_FIELDS, type ImportField } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { importMessages } from '@shared/staff-messages/imports';
import { fieldClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';

type SelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange'>;

/** Mesa's fields for one column of the file, and 'No importar' (null). */
export function FieldSelect({ value, onChange, className, ...props }: SelectProps & { value: ImportField | null; onChange: (field: ImportField | null) => void }) {
  return (
    <select
      {...props}
      className={cn(fieldClassName, 'h-11', className)}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as ImportField))}
    >
      <option value="">{importScreenMessages.mapping.skip}</option>
      {IMPORT_FIELDS.map((field) => (
        <option key={field} value={field}>
          {importMessages.fields[field]}
        </option>
      ))}
    </select>
  );
}
