import { type ReactNode, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeading, DialogTrigger } from '@web/components/ui/dialog';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { toast } from '@web/lib/lazy-toaster';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** The button that closes without doing anything; 'Cancelar' unless told. */
  keepLabel?: ReactNode;
  destructive?: boolean;
  isPending: boolean;
  onConfirm: () => void;
  /** The button that opens the dialog, when the dialog owns it. */
  trigger?: ReactNode;
}

/** 'Are you sure?' before an action that cannot be taken back: a title, a sentence, keep or go ahead. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  keepLabel,
  destructive = false,
  isPending,
  onConfirm,
  trigger,
}: ConfirmDialogProps) {
  const { texts } = useGuestLanguage();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent>
        <DialogHeading title={title} description={description} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {keepLabel ?? texts.common.cancel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A request without input, as useMutation returns it. */
interface ConfirmedRequest {
  mutate: (variables: undefined, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * A ConfirmDialog's open state and its confirm for a request without input: the dialog closes whatever the answer,
 * `onDone` follows a success, and a failure's message shows in a toast.
 */
export function useConfirmRequest(request: ConfirmedRequest, onDone: () => void) {
  const [open, setOpen] = useState(false);
  const confirm = () =>
    request.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        onDone();
      },
      onError: (error) => {
        setOpen(false);
        toast.error(error.message);
      },
    });
  return { open, setOpen, confirm };
}
