import type { ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';

interface TemplateLabelRowProps {
  /** The template's control, which the label names. */
  id: string;
  labelId: string;
  label: string;
  restoreLabel: ReactNode;
  disabled?: boolean;
  onRestore: () => void;
}

/** A template editor's first row: its label, and beside it the button that puts back the text it started from. */
export function TemplateLabelRow({ id, labelId, label, restoreLabel, disabled = false, onRestore }: TemplateLabelRowProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <Button variant="ghost" size="sm" disabled={disabled} onClick={onRestore}>
        <RotateCcw aria-hidden="true" />
        {restoreLabel}
      </Button>
    </div>
  );
}
