import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Shown under the control, before the error (a counter, a note). */
  hint?: ReactNode;
  /** Under the error, while it shows: what to do about it (the spec's error text stays as written). */
  errorNote?: string | undefined;
  /** The error is announced as it appears (fields checked on submit in a dialog). */
  alertError?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The ids a field's hint and error carry, and the control's aria-describedby naming those that are shown. */
export function fieldIds(id: string, { hint, error, errorNote }: { hint?: boolean; error?: boolean; errorNote?: boolean }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const errorNoteId = `${id}-error-note`;
  const describedBy = [hint && hintId, error && errorId, error && errorNote && errorNoteId].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, errorNoteId, describedBy };
}

/** A visible label, the control, an optional hint and the field's error, all wired for screen readers. */
export function FormField({ id, label, error, hint, errorNote, alertError = false, className, children }: FormFieldProps) {
  const { hintId, errorId, errorNoteId, describedBy } = fieldIds(id, { hint: Boolean(hint), error: Boolean(error), errorNote: Boolean(errorNote) });
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      )}
      <FieldError id={errorId} alert={alertError}>
        {error}
      </FieldError>
      {error && errorNote && (
        <p id={errorNoteId} className="text-xs text-muted-foreground">
          {errorNote}
        </p>
      )}
    </div>
  );
}

/** A field's error under it, referenced by the field's aria-describedby; nothing when there is no error. */
export function FieldError({ id, alert = false, children }: { id: string; alert?: boolean; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
