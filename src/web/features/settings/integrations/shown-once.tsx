import { useId, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { copy } from '../fields/copy-field';

interface ShownOnceProps {
  title: string;
  /** Why it must be copied now. */
  description: string;
  label: string;
  value: string;
  copyLabel: string;
  copied: string;
  doneLabel: string;
  onDone: () => void;
}

/** A credential shown this once (an API key, a webhook's secret): read-only, 'Copiar', and why it must be copied now. */
export function ShownOnce({ title, description, label, value, copyLabel, copied, doneLabel, onDone }: ShownOnceProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex min-w-0 flex-wrap gap-2">
          <Input id={id} ref={field} readOnly value={value} spellCheck={false} className="h-11 min-w-0 flex-1 basis-64 font-mono text-sm" />
          <Button type="button" variant="outline" onClick={() => void copy(field.current, copied)}>
            {copyLabel}
          </Button>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </DialogFooter>
    </div>
  );
}
