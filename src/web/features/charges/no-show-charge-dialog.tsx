import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage, messages } from '@shared/messages';
import { noShowFeeCents } from '@shared/rules/card-guarantee';
import { formatEuros } from '@shared/rules/money';
import type { ChargeReason } from '@shared/schemas/guarantee-summary';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { chargeMessages } from '@shared/staff-messages/charges';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useChargeNoShow } from './api/charge-no-show';

const noShowText = chargeMessages.chargeDialog;

interface NoShowChargeDialogProps {
  reservation: AdminReservation;
  reason: ChargeReason;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Cobrar no-show' (or 'Cobrar cancelación tardía'): the amount per person, how many of the party are charged (all,
 * unless staff say fewer), the total, and that a charge is not undone. The button is disabled from the first press
 * until the answer.
 */
export function NoShowChargeDialog({ reservation, reason, onOpenChange }: NoShowChargeDialogProps) {
  return (
    <FormDialog open onOpenChange={onOpenChange}>
      <ChargeForm reservation={reservation} reason={reason} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ChargeForm({ reservation, reason, onDone }: { reservation: AdminReservation; reason: ChargeReason; onDone: () => void }) {
  const text = reason === 'late_cancellation' ? { ...noShowText, ...noShowText.lateCancellation } : noShowText;
  const party = reservation.numberOfPeople;
  const perPerson = reservation.guarantee?.amountPerPersonCents ?? 0;
  const schema = z.object({ people: z.coerce.number<string>().int().min(1).max(party) });
  const { register, handleSubmit, control } = useForm<{ people: string }, unknown, { people: number }>({
    resolver: zodResolver(schema),
    defaultValues: { people: String(party) },
  });
  const people = Number(useWatch({ control, name: 'people' }));
  const total = formatEuros(noShowFeeCents(perPerson, people));
  const charge = useChargeNoShow();
  const id = useId();
  const card = reservation.guarantee?.cardLabel;

  // Through the promise, not mutate's callbacks: the refreshed list may take the button (and this dialog) away first.
  const submit = handleSubmit(({ people: chosen }) =>
    charge.mutateAsync({ reservationId: reservation.id, people: chosen }).then(
      (done) => {
        if (done.status === 'succeeded') toast.success(formatMessage(text.charged, { amount: formatEuros(done.amountCents) }), { description: reservation.customerName });
        else toast.warning(text.pending, { description: reservation.customerName });
        onDone();
      },
      (error: unknown) => {
        toast.error(text.failed, { description: errorMessage(error) });
        onDone();
      },
    ),
  );

  return (
    <DialogForm
      title={text.title}
      description={formatMessage(card ? text.perPerson : text.perPersonNoLabel, { card: card ?? '', amount: formatEuros(perPerson) })}
      onSubmit={(event) => void submit(event)}
      submitLabel={charge.isPending ? messages.common.sending : formatMessage(text.submit, { amount: total })}
      submitDisabled={charge.isPending || charge.isSuccess}
      destructive
      onCancel={onDone}
      cancelLabel={text.keep}
    >
      <FormField id={`${id}-people`} label={text.people} hint={formatMessage(text.peopleHint, { party })}>
        {(props) => (
          <select className={cn(fieldClassName, 'h-11')} {...props} {...register('people')}>
            {Array.from({ length: party }, (_, index) => party - index).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p role="status" className="text-base font-semibold">
        {formatMessage(text.total, { amount: total })}
      </p>
      <p className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">{text.irreversible}</p>
    </DialogForm>
  );
}
