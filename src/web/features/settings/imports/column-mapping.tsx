import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import type { ImportField } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { LabelledFieldset } from '@web/components/labelled-fieldset';
import { FormField } from '@web/components/ui/form-field';
import { columnName } from './column-name';
import { FieldSelect } from './field-select';

const text = importScreenMessages.mapping;
const SAMPLES = 3;
const SAMPLE_CHARS = 40;

interface ColumnMappingProps {
  headers: readonly string[];
  preview: readonly (readonly string[])[];
  mapping: readonly (ImportField | null)[];
  onChange: (index: number, field: ImportField | null) => void;
}

/** One line per column of the file: its header, Mesa's field for it (or 'No importar'), and a few of its values. */
export function ColumnMapping({ headers, preview, mapping, onChange }: ColumnMappingProps) {
  return (
    <LabelledFieldset legend={text.title} legendClassName="text-base font-semibold" className="grid gap-3">
      <p className="text-sm text-muted-foreground">{text.intro}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {headers.map((header, index) => (
          <li key={index} className="min-w-0 rounded-md border p-3">
            <ColumnField name={columnName(header, index)} samples={samplesOf(preview, index)} value={mapping[index] ?? null} onChange={(field) => onChange(index, field)} />
          </li>
        ))}
      </ul>
    </LabelledFieldset>
  );
}

function ColumnField({ name, samples, value, onChange }: { name: string; samples: string[]; value: ImportField | null; onChange: (field: ImportField | null) => void }) {
  const id = useId();
  const hint = samples.length > 0 ? formatMessage(text.samples, { values: samples.join(' · ') }) : text.noSamples;
  return (
    <FormField id={id} label={<span className="break-words">{name}</span>} hint={<span className="break-words">{hint}</span>}>
      {(control) => <FieldSelect {...control} value={value} onChange={onChange} />}
    </FormField>
  );
}

/** The column's first few different values in the preview, cut short. */
function samplesOf(preview: readonly (readonly string[])[], index: number): string[] {
  const values = new Set<string>();
  for (const row of preview) {
    const value = row[index]?.trim();
    if (value) values.add(value.length > SAMPLE_CHARS ? `${value.slice(0, SAMPLE_CHARS)}…` : value);
    if (values.size === SAMPLES) break;
  }
  return [...values];
}
