import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { DialogForm } from '@web/components/form-dialog';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
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
        <DialogForm
          title={text.title}
          description={customerName}
          onSubmit={submit}
          submitLabel={text.submit}
          submitDisabled={isPending}
          destructive
          onCancel={() => change(false)}
          cancelLabel={messages.common.close}
        >
          <FormField id={fieldId} label={text.label} error={error ? text.requiredDescription : undefined}>
            {(control) => (
              <Textarea
                {...control}
                value={reason}
                maxLength={500}
                aria-required="true"
                onChange={(event) => {
                  setReason(event.target.value);
                  if (error && event.target.value.trim() !== '') setError(false);
                }}
              />
            )}
          </FormField>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
