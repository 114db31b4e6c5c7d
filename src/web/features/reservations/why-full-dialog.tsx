import { type FormEvent, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { adminSlots } from '@shared/rules/slots';
import type { SlotExplanation } from '@shared/schemas/reservation';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { FormDialog, DialogForm } from '@web/components/form-dialog';
import { fieldClassName, Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { apiFetch, errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { PartySizeSelect } from './booking-fields';

const text = staffMessages.admin.whyFull;

interface WhyFullDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
}

/** '¿Por qué está completo?' (issue 21): the rules that stop a guest from booking a date, time and party. */
export function WhyFullDialog({ open, onOpenChange, today }: WhyFullDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <WhyFullForm today={today} onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function WhyFullForm({ today, onClose }: { today: string; onClose: () => void }) {
  const [date, setDate] = useState(today);
  const [time, setTime] = useState('14:00');
  const [people, setPeople] = useState(2);
  const ids = { date: useId(), time: useId(), people: useId(), result: useId() };
  const ask = useMutation({
    mutationFn: () =>
      apiFetch<SlotExplanation>(`/api/admin/availability/explain?${new URLSearchParams({ date, time, people: String(people) })}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate();
  };
  return (
    <DialogForm
      title={text.title}
      description={text.intro}
      onSubmit={submit}
      submitLabel={text.check}
      submitDisabled={ask.isPending || date === ''}
      onCancel={onClose}
      cancelLabel={messages.common.close}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.date}>{text.date}</Label>
          <Input id={ids.date} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.time}>{text.time}</Label>
          <select id={ids.time} value={time} onChange={(event) => setTime(event.target.value)} className={cn(fieldClassName, 'h-11')}>
            {adminSlots().map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.people}>{text.people}</Label>
          <PartySizeSelect id={ids.people} value={people} onChange={(event) => setPeople(Number(event.target.value))} />
        </div>
      </div>
      <p id={ids.result} role="status" className={cn('min-h-6 text-sm', ask.data && !ask.data.available && 'font-medium text-destructive')}>
        {ask.isError ? errorMessage(ask.error) : (ask.data?.summary ?? '')}
      </p>
    </DialogForm>
  );
}
