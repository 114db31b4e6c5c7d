import { toast } from '@web/lib/lazy-toaster';
import { ConfirmDialog, useConfirmRequest } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import type { SelfServiceGuarantee } from '@shared/schemas/self-service';
import { useCancelReservation } from './api/cancel-reservation';
import { useCancelGuaranteeLine } from './card-guarantee-section';
import { useSelfServiceTexts } from './use-self-service-texts';

interface CancelDialogProps {
  token: string;
  disabled: boolean;
  describedBy?: string;
  /** A saved card: the dialog says, before the guest confirms, whether it is released or what may be charged. */
  guarantee: SelfServiceGuarantee | null;
  people: number;
}

/** 'Cancelar reserva' asks once more before the POST; the page updates from the answer. */
export function CancelDialog({ token, disabled, describedBy, guarantee, people }: CancelDialogProps) {
  const text = useSelfServiceTexts();
  const guaranteeLine = useCancelGuaranteeLine(guarantee, people);
  const { common } = useGuestLanguage().texts;
  const cancel = useCancelReservation(token);
  const { open, setOpen, confirm } = useConfirmRequest(cancel, () => toast.success(text.cancelled));

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
      description={guaranteeLine ? `${text.cancelDescription} ${guaranteeLine}` : text.cancelDescription}
      keepLabel={text.cancelKeep}
      confirmLabel={cancel.isPending ? common.sending : text.cancelConfirm}
      destructive
      isPending={cancel.isPending}
      onConfirm={confirm}
    />
  );
}
