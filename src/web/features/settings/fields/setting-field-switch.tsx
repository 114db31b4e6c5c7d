import { useId } from 'react';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';

interface SettingSwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A visible word for the state next to the switch ('Activados' / 'Desactivados'). */
  stateText?: string;
  description?: string;
}

/** A setting switch in a row: the label (and its description) on the left, the switch on the right. */
export function SettingSwitch({ label, checked, onCheckedChange, stateText, description }: SettingSwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border p-3">
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
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
          aria-describedby={description ? descriptionId : undefined}
        />
      </div>
    </div>
  );
}
