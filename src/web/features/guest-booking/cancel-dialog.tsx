import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { useCancelGuestReservation } from './api/cancel-guest-reservation';

const text = messages.guestBooking;

/** 'Cancelar reserva' asks once more before the POST; the page updates from the answer. */
export function CancelDialog({ token, disabled, describedBy }: { token: string; disabled: boolean; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelGuestReservation(token);

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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" disabled={disabled} aria-describedby={describedBy}>
          {text.cancel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.cancelTitle}</DialogTitle>
          <DialogDescription>{text.cancelDescription}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{text.cancelKeep}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? messages.common.sending : text.cancelConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
