import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { OwnerOnlyNote } from './owner-only';

interface SettingSwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A visible word for the state next to the switch ('Activados' / 'Desactivados'). */
  stateText?: string;
  description?: string;
  /** Shown to an encargado, switched off, with the note saying only the owner may change it. */
  ownerOnly?: boolean;
}

/** A setting switch in a row: the label (and its description) on the left, the switch on the right. */
export function SettingSwitch({ label, checked, onCheckedChange, stateText, description, ownerOnly = false }: SettingSwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const noteId = `${id}-owner-only`;
  const describedBy = [description && descriptionId, ownerOnly && noteId].filter(Boolean).join(' ') || undefined;
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
          onCheckedChange={onCheckedChange}
          disabled={ownerOnly}
          aria-describedby={describedBy}
        />
      </div>
    </div>
  );
}
