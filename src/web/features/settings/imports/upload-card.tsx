import { useId } from 'react';
import { IMPORT_KINDS, IMPORT_LAWFUL_BASES, type ImportKind, type ImportLawfulBasis } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { importMessages } from '@shared/staff-messages/imports';
import { LabelledFieldset } from '@web/components/labelled-fieldset';
import { TitledCard } from '@web/components/titled-card';
import { CheckOption, RadioOption } from '@web/components/ui/check-option';
import { FormField } from '@web/components/ui/form-field';
import { Input, fieldClassName } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';

const text = importScreenMessages.upload;
/** What the file input offers first; the server reads the bytes, not the name, so another file is still read. */
const ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface PlanChoices {
  kind: ImportKind;
  lawfulBasis: ImportLawfulBasis;
  notifyGuests: boolean;
}

interface UploadCardProps {
  choices: PlanChoices;
  onChoices: (change: Partial<PlanChoices>) => void;
  onFile: (file: File) => void;
  reading: boolean;
  error: string | undefined;
  /** Changed to empty the file input ('Importar otro archivo'), which then takes the focus. */
  inputKey: number;
}

/** 'Importar clientes o reservas': the file, what it holds, the guests' lawful basis and the confirmation emails. */
export function UploadCard({ choices, onChoices, onFile, reading, error, inputKey }: UploadCardProps) {
  const fileId = useId();
  const basisId = useId();
  const kindName = useId();
  return (
    <TitledCard title={text.title}>
      <p className="text-sm text-muted-foreground">{text.intro}</p>
      <FormField id={fileId} label={text.file} hint={text.fileHint} error={error} alertError>
        {(control) => (
          <Input
            {...control}
            key={inputKey}
            // Only after the owner asked for another file: the card they were in is gone.
            autoFocus={inputKey > 0}
            type="file"
            accept={ACCEPT}
            disabled={reading}
            className="h-auto min-h-11 py-2"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFile(file);
            }}
          />
        )}
      </FormField>
      {reading && (
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label={text.reading} />
          <span aria-hidden="true">{text.reading}</span>
        </div>
      )}
      <LabelledFieldset legend={text.kind} legendClassName="mb-1 text-sm font-medium" className="grid gap-1">
        {IMPORT_KINDS.map((kind) => (
          <RadioOption key={kind} name={kindName} value={kind} checked={choices.kind === kind} onChange={() => onChoices({ kind })} label={importMessages.kinds[kind]} />
        ))}
      </LabelledFieldset>
      <FormField id={basisId} label={text.lawfulBasis} hint={text.lawfulBasisHint}>
        {(control) => (
          <select
            {...control}
            className={cn(fieldClassName, 'h-11')}
            value={choices.lawfulBasis}
            onChange={(event) => onChoices({ lawfulBasis: event.target.value as ImportLawfulBasis })}
          >
            {IMPORT_LAWFUL_BASES.map((basis) => (
              <option key={basis} value={basis}>
                {importMessages.lawfulBases[basis]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {choices.kind === 'reservations' && (
        <CheckOption
          checked={choices.notifyGuests}
          onChange={(event) => onChoices({ notifyGuests: event.target.checked })}
          label={
            <span>
              <span className="font-medium">{text.notifyGuests}</span>
              <span className="block text-muted-foreground">{text.notifyGuestsHint}</span>
            </span>
          }
        />
      )}
    </TitledCard>
  );
}
