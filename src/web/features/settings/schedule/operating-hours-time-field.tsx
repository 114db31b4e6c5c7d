import { useId, useState, type ChangeEvent } from 'react';
import { isValidTime } from '@shared/rules/madrid-time';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

interface TimeFieldProps {
  label: string;
  /** The accessible name, naming the weekday ('Apertura del martes'). */
  ariaLabel: string;
  value: string;
  /** A complete 'HH:mm'. */
  onTime: (time: string) => void;
  /** The field was emptied on purpose; when absent, an empty field is as ignored as a half-typed one. */
  onClear?: () => void;
  describedBy?: string | undefined;
}

/**
 * A native time input that only reports complete HH:MM values. A half-typed one (the browser reports '' with
 * badInput) is kept on screen but never sent, and a blur puts the last good value back.
 */
export function OperatingHoursTimeField({ label, ariaLabel, value, onTime, onClear, describedBy }: TimeFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    if (isValidTime(next)) {
      setTyped(null);
      onTime(next);
    } else if (next === '' && !event.target.validity.badInput && onClear) {
      setTyped(null);
      onClear();
    } else {
      setTyped(next);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="time"
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        value={typed ?? value}
        onChange={onChange}
        onBlur={() => setTyped(null)}
      />
    </div>
  );
}
