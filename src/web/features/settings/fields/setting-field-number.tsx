import { useId, useState } from 'react';
import { WholeNumberInput } from '@web/components/ui/whole-number-input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { OwnerOnlyNote } from './owner-only';
import { SaveStatus } from '@web/components/save-status';
import { useSaveStatus } from '@web/components/use-save-status';

interface NumberFieldCommonProps {
  label: string;
  /** The stored value; null only for a field that may be left empty. */
  saved: number | null;
  min: number;
  max: number;
  placeholder?: string;
  hint: string;
  invalidMessage: string;
  /** Shown to an encargado, read only, with the note saying only the owner may change it. */
  ownerOnly?: boolean;
}

/**
 * `emptyAllowed`: empty means null (e.g. 'sin límite') instead of invalid; only such a field's onSave gets null.
 * `onSave` answering a SaveOutcome shows 'Guardado' or the refusal beside the field.
 */
type NumberSettingFieldProps = NumberFieldCommonProps &
  ({ emptyAllowed: true; onSave: (value: number | null) => unknown } | { emptyAllowed?: false; onSave: (value: number) => unknown });

/** A whole-number setting saved when the field is left or Enter is pressed, if it is valid and changed. */
export function NumberSettingField(props: NumberSettingFieldProps) {
  const { label, saved, min, max, emptyAllowed = false, placeholder, hint, invalidMessage, ownerOnly = false } = props;
  const id = useId();
  const noteId = `${id}-owner-only`;
  const [value, setValue] = useState(saved === null ? '' : String(saved));
  const status = useSaveStatus();
  const parsed = parseWhole(value, min, max, emptyAllowed);
  const valid = parsed !== undefined;
  const commit = () => {
    if (!valid || parsed === saved) return;
    if (parsed !== null) status.track(props.onSave(parsed));
    else if (props.emptyAllowed) status.track(props.onSave(null));
  };
  return (
    <div className="flex max-w-xs flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <WholeNumberInput
        id={id}
        min={min}
        max={max}
        value={value}
        placeholder={placeholder}
        disabled={ownerOnly}
        aria-invalid={!valid}
        aria-describedby={ownerOnly ? `${noteId} ${id}-hint ${id}-status` : `${id}-hint ${id}-status`}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <p id={`${id}-hint`} className={cn('text-sm', valid ? 'text-muted-foreground' : 'text-destructive')}>
        {valid ? hint : invalidMessage}
      </p>
      <SaveStatus id={`${id}-status`} state={status.state} error={status.error} />
      {ownerOnly && <OwnerOnlyNote id={noteId} />}
    </div>
  );
}

/** The whole number typed, null for an allowed empty field, undefined when invalid. */
function parseWhole(value: string, min: number, max: number, emptyAllowed: boolean): number | null | undefined {
  if (value.trim() === '') return emptyAllowed ? null : undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}
