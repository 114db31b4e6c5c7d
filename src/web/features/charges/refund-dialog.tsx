import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import type { ChargeSummary } from '@shared/schemas/guarantee-summary';
import { chargeMessages } from '@shared/staff-messages/charges';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { errorMessage } from '@web/lib/api';
import { useRefundCharge } from './api/refund-charge';

const text = chargeMessages.refundDialog;

interface RefundDialogProps {
  customerName: string;
  charge: ChargeSummary;
  /** Offered because staff just marked the guest as arrived. */
  afterArrival?: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Reembolsar': what is left of the charge goes back to the guest's card, once. */
export function RefundDialog({ customerName, charge, afterArrival = false, onOpenChange }: RefundDialogProps) {
  const refund = useRefundCharge();
  const amount = formatEuros(charge.amountCents - charge.refundedCents);
  const values = { amount, name: customerName };
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={text.title}
      description={formatMessage(afterArrival ? text.afterArrival : text.description, values)}
      confirmLabel={formatMessage(text.submit, values)}
      keepLabel={text.keep}
      isPending={refund.isPending}
      onConfirm={() =>
        void refund.mutateAsync(charge.id).then(
          () => {
            toast.success(formatMessage(text.refunded, values), { description: customerName });
            onOpenChange(false);
          },
          (error: unknown) => toast.error(text.failed, { description: errorMessage(error) }),
        )
      }
    />
  );
}
