import { useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import { selfServiceMessages } from '@shared/guest-messages/self-service';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { useCancelReservation } from './api/cancel-reservation';

const text = selfServiceMessages;

/** 'Cancelar reserva' asks once more before the POST; the page updates from the answer. */
export function CancelDialog({ token, disabled, describedBy }: { token: string; disabled: boolean; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelReservation(token);

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(text.cancelled);
      },
      onError: (error) => {
        setOpen(false);
        toast.error(error.message);
      },
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive" disabled={disabled} aria-describedby={describedBy}>
          {text.cancel}
        </Button>
      }
      title={text.cancelTitle}
      description={text.cancelDescription}
      keepLabel={text.cancelKeep}
      confirmLabel={cancel.isPending ? messages.common.sending : text.cancelConfirm}
      destructive
      isPending={cancel.isPending}
      onConfirm={confirm}
    />
  );
}
