import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { mondayExceptionsMessages } from '@shared/staff-messages/settings';
import { addDays, dayOfWeek, isMonday, isValidDate, madridToday } from '@shared/rules/madrid-time';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { RegionCard } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { formatLongDate } from '@web/lib/format';
import { errorMessage } from '@web/lib/api';
import { useCreateMondayException } from '../api/create-monday-exception';
import { MondayExceptionsList } from './monday-exceptions-list';

const text = mondayExceptionsMessages;

const firstMondayFrom = (date: string) => addDays(date, (8 - dayOfWeek(date)) % 7);
const toastNotMonday = () => toast.error(text.invalidDateTitle, { description: text.onlyMondays });

/** 'Excepciones de lunes': opens one Monday (today or later, Madrid) after a confirmation, and lists those opened. */
export function MondayExceptionsCard() {
  return (
    <RegionCard title={text.title} description={text.description}>
      <MondayExceptionForm />
      <MondayExceptionsList />
    </RegionCard>
  );
}

function MondayExceptionForm() {
  const today = madridToday(new Date());
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const create = useCreateMondayException();
  const dateId = useId();
  const reasonId = useId();

  // A half-typed year reads as a date centuries ago: only a complete date from today on is judged while typing.
  const pick = (value: string) => {
    if (isValidDate(value) && value >= today && !isMonday(value)) {
      toastNotMonday();
      setDate('');
      return;
    }
    setDate(value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidDate(date)) return;
    if (!isMonday(date)) {
      toastNotMonday();
      setDate('');
      return;
    }
    if (date < today) {
      toast.error(text.invalidDateTitle, { description: text.datePast });
      return;
    }
    setConfirming(true);
  };

  const confirm = () =>
    create.mutate(
      { date, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(staffMessages.admin.toasts.mondayEnabled, { description: formatLongDate(date) });
          setConfirming(false);
          setDate('');
          setReason('');
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={dateId} label={text.date}>
          {(control) => <Input {...control} type="date" min={firstMondayFrom(today)} step={7} value={date} onChange={(event) => pick(event.target.value)} />}
        </FormField>
        <FormField id={reasonId} label={text.reason}>
          {(control) => <Input {...control} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />}
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={!isValidDate(date) || create.isPending}>
          {text.enable}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.confirmTitle}
        description={isValidDate(date) && formatMessage(text.confirmDescription, { date: formatLongDate(date) })}
        confirmLabel={messages.common.confirm}
        isPending={create.isPending}
        onConfirm={confirm}
      />
    </form>
  );
}
