import { toast } from '@web/lib/lazy-toaster';
import { formatMessage, messages } from '@shared/messages';
import { noShowFeeCents } from '@shared/rules/card-guarantee';
import { formatEuros } from '@shared/rules/money';
import type { GuaranteeTerms } from '@shared/schemas/card-guarantee';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { guaranteeLinkMessages } from '@shared/staff-messages/guarantee-link';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { errorMessage } from '@web/lib/api';
import { useSendGuaranteeLink } from './api/send-guarantee-link';

const text = guaranteeLinkMessages;

interface GuaranteeLinkDialogProps {
  reservation: AdminReservation;
  terms: GuaranteeTerms;
  onOpenChange: (open: boolean) => void;
}

/** 'Enviar enlace de garantía': to whom, the amount the card answers for, and that a link sent before stops serving. */
export function GuaranteeLinkDialog({ reservation, terms, onOpenChange }: GuaranteeLinkDialogProps) {
  const send = useSendGuaranteeLink();
  const done = () => onOpenChange(false);
  const submit = () =>
    send.mutateAsync(reservation.id).then(
      () => {
        toast.success(text.sent, { description: reservation.customerName });
        done();
      },
      (error: unknown) => {
        toast.error(text.failed, { description: errorMessage(error) });
        done();
      },
    );
  const description = formatMessage(text.dialog.description, {
    email: reservation.customerEmail ?? '',
    amount: formatEuros(terms.amountPerPersonCents),
    total: formatEuros(noShowFeeCents(terms.amountPerPersonCents, reservation.numberOfPeople)),
  });
  return (
    <FormDialog open onOpenChange={onOpenChange}>
      <DialogForm
        title={text.dialog.title}
        description={description}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        submitLabel={send.isPending ? messages.common.sending : text.dialog.submit}
        submitDisabled={send.isPending || send.isSuccess}
        onCancel={done}
        cancelLabel={text.dialog.cancel}
      >
        {reservation.guarantee?.state === 'link_sent' && <p className="text-sm">{text.dialog.replaces}</p>}
      </DialogForm>
    </FormDialog>
  );
}
