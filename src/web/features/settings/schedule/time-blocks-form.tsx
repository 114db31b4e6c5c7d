import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { settingsMessages } from '@shared/staff-messages/settings';
import { madridToday } from '@shared/rules/madrid-time';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { AffectedBookings } from '@web/features/reservations/affected-bookings';
import { formatLongDate } from '@web/lib/format';
import { errorMessage } from '@web/lib/api';
import { useCreateTimeBlock } from '../api/create-time-block';

const text = settingsMessages.timeBlocks;

/** Date, start, end and an optional reason; the add button waits for the first three (spec point 5). */
export function TimeBlocksForm() {
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [reason, setReason] = useState('');
  const create = useCreateTimeBlock();
  const ids = { date: useId(), start: useId(), end: useId(), reason: useId() };
  const filled = date !== '' && startTime !== '' && endTime !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled) return;
    create.mutate(
      { date, startTime, endTime, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(text.added, { description: `${formatLongDate(date)}, ${startTime} - ${endTime}` });
          setStartTime('');
          setEndTime('');
          setReason('');
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <FormField id={ids.date} label={text.date}>
          {(control) => <Input {...control} type="date" min={madridToday(new Date())} value={date} required onChange={(event) => setDate(event.target.value)} />}
        </FormField>
        <FormField id={ids.start} label={text.start}>
          {(control) => <Input {...control} type="time" value={startTime} required onChange={(event) => setStartTime(event.target.value)} />}
        </FormField>
        <FormField id={ids.end} label={text.end}>
          {(control) => <Input {...control} type="time" value={endTime} required onChange={(event) => setEndTime(event.target.value)} />}
        </FormField>
        <FormField
          id={ids.reason}
          label={
            <>
              {text.reason} <span className="font-normal text-muted-foreground">{messages.common.optional}</span>
            </>
          }
        >
          {(control) => <Input {...control} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />}
        </FormField>
      </div>
      <AffectedBookings
        query={filled && startTime < endTime ? { date, from: startTime, to: endTime } : null}
        intro={staffMessages.admin.affected.timeBlock}
      />
      <div>
        <Button type="submit" disabled={!filled || create.isPending}>
          {text.add}
        </Button>
      </div>
    </form>
  );
}
