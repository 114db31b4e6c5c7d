import { SaveStatus } from '@web/components/save-status';
import { useSaveStatus } from '@web/components/use-save-status';
import { useId, useState } from 'react';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';

interface EuroSettingFieldProps {
  label: string;
  /** Money is stored in cents; the field shows and takes euros. */
  savedCents: number;
  minCents: number;
  maxCents: number;
  hint: string;
  invalidMessage: string;
  /** Answering a SaveOutcome shows 'Guardado' or the refusal beside the field. */
  onSave: (cents: number) => unknown;
}

const EUROS = /^\d{1,6}(?:[.,]\d{1,2})?$/;

/** '20', '20,5' or '20.50' → cents; undefined for anything else or outside the limits. */
export function eurosToCents(value: string, minCents: number, maxCents: number): number | undefined {
  const trimmed = value.trim();
  if (!EUROS.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split(/[.,]/);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents >= minCents && cents <= maxCents ? cents : undefined;
}

/** 2050 → '20,50'; 2000 → '20'. */
export const centsToEuros = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');

/** An amount in euros saved when the field is left or Enter is pressed, if it is valid and changed. */
export function EuroSettingField({ label, savedCents, minCents, maxCents, hint, invalidMessage, onSave }: EuroSettingFieldProps) {
  const id = useId();
  const [value, setValue] = useState(centsToEuros(savedCents));
  const cents = eurosToCents(value, minCents, maxCents);
  const valid = cents !== undefined;
  const status = useSaveStatus();
  const commit = () => {
    if (cents !== undefined && cents !== savedCents) status.track(onSave(cents));
  };
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={!valid}
        aria-describedby={`${id}-hint ${id}-status`}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        className={cn(fieldClassName, 'h-11')}
      />
      <p id={`${id}-hint`} className={cn('text-sm', valid ? 'text-muted-foreground' : 'text-destructive')}>
        {valid ? hint : invalidMessage}
      </p>
      <SaveStatus id={`${id}-status`} state={status.state} error={status.error} />
    </div>
  );
}
