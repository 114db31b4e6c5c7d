import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { OwnerOnlyNote } from './owner-only';
import { SaveStatus } from '@web/components/save-status';
import { useSaveStatus } from '@web/components/use-save-status';

interface SettingSwitchProps {
  label: string;
  checked: boolean;
  /** Answering a SaveOutcome shows 'Guardado' or the refusal under the label. */
  onCheckedChange: (checked: boolean) => unknown;
  /** A visible word for the state next to the switch ('Activados' / 'Desactivados'). */
  stateText?: string;
  description?: string;
  /** Shown to an encargado, switched off, with the note saying only the owner may change it. */
  ownerOnly?: boolean;
}

/** A setting switch in a row: the label (and its description) on the left, the switch on the right. */
export function SettingSwitch({ label, checked, onCheckedChange, stateText, description, ownerOnly = false }: SettingSwitchProps) {
  const id = useId();
  const status = useSaveStatus();
  const statusId = `${id}-status`;
  const descriptionId = `${id}-description`;
  const noteId = `${id}-owner-only`;
  const describedBy = [description && descriptionId, ownerOnly && noteId, statusId].filter(Boolean).join(' ');
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border p-3">
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
        {ownerOnly && <OwnerOnlyNote id={noteId} />}
        <SaveStatus id={statusId} state={status.state} error={status.error} />
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {stateText && (
          <span className="text-sm text-muted-foreground">
            {stateText}
          </span>
        )}
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={(next) => status.track(onCheckedChange(next))}
          disabled={ownerOnly}
          aria-describedby={describedBy}
        />
      </div>
    </div>
  );
}
