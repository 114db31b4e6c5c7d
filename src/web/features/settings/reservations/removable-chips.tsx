import { X } from 'lucide-react';
import { Button } from '@web/components/ui/button';

interface Chip {
  key: string;
  label: string;
}

interface RemovableChipsProps {
  chips: readonly Chip[];
  /** The list's accessible name. */
  label: string;
  /** The remove button's accessible name for one chip ('Quitar VIP'). */
  removeLabel: (chip: Chip) => string;
  onRemove: (key: string) => void;
  /** Shown instead of an empty list; nothing when not given. */
  emptyText?: string;
}

/** A list of values set one at a time (guest tags, the guarantee's windows and dates), each with its remove button. */
export function RemovableChips({ chips, label, removeLabel, onRemove, emptyText }: RemovableChipsProps) {
  if (chips.length === 0 && emptyText) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.key} className="flex items-center gap-1 rounded-full border pl-3 text-sm">
          {chip.label}
          <Button variant="ghost" size="icon" className="rounded-full" aria-label={removeLabel(chip)} onClick={() => onRemove(chip.key)}>
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
