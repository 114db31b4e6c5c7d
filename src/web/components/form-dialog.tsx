import type { FormEvent, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeading, DialogTrigger } from '@web/components/ui/dialog';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns it. */
  trigger?: ReactNode;
  /** Mounted only while open, so a form inside starts afresh each time. */
  children: ReactNode;
}

/** A dialog that holds a form (DialogForm); closing it drops what was typed. */
export function FormDialog({ open, onOpenChange, trigger, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent>{open && children}</DialogContent>
    </Dialog>
  );
}

interface DialogFormProps {
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  submitDisabled: boolean;
  destructive?: boolean;
  /** The outline button that closes without saving; none when left out. */
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  /** Another action between cancel and submit ('Reanudar reservas'). */
  secondaryAction?: ReactNode;
  children: ReactNode;
}

/** A dialog's form: title and description, the fields, then cancel and submit. Fields are checked on submit. */
export function DialogForm({
  title,
  description,
  onSubmit,
  submitLabel,
  submitDisabled,
  destructive = false,
  onCancel,
  cancelLabel,
  secondaryAction,
  children,
}: DialogFormProps) {
  const { texts } = useGuestLanguage();
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <DialogHeading title={title} description={description} />
      {children}
      <DialogFooter>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {cancelLabel ?? texts.common.cancel}
          </Button>
        )}
        {secondaryAction}
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
