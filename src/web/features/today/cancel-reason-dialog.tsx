import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FieldError } from '@web/components/ui/field-error';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';

const text = staffMessages.admin.cancelReason;

interface CancelReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customerName: string;
  isPending: boolean;
  /** Called with the trimmed, non-blank reason. */
  onConfirm: (reason: string) => void;
}

/** Cancelling from the today and pending views needs a reason (spec point 5, 'Other admin rules'). */
export function CancelReasonDialog({ open, onOpenChange, customerName, isPending, onConfirm }: CancelReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const fieldId = useId();
  const errorId = useId();

  const change = (next: boolean) => {
    if (!next) {
      setReason('');
      setError(false);
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setError(true);
      toast.error(text.required, { description: text.requiredDescription });
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{customerName}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fieldId}>{text.label}</Label>
            <Textarea
              id={fieldId}
              value={reason}
              maxLength={500}
              aria-required="true"
              aria-invalid={error}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                if (error && event.target.value.trim() !== '') setError(false);
              }}
            />
            <FieldError id={errorId}>{error && text.requiredDescription}</FieldError>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)}>
              {messages.common.close}
            </Button>
            <Button type="submit" variant="destructive" disabled={isPending}>
              {text.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
