import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { adminSlots, isTimeInWindow } from '@shared/rules/slots';
import { pauseSchema, type TodayPause } from '@shared/schemas/closures';
import { Button } from '@web/components/ui/button';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { fieldClassName } from '@web/components/ui/input';
import { FieldError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useTodayReservations } from './api/get-today-reservations';
import { usePauseToday } from './api/pause-today';
import { useResumeToday } from './api/resume-today';
import { formatTime } from '@web/lib/format';

const text = staffMessages.admin.pause;
const SLOTS = adminSlots();

interface PauseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: TodayPause | undefined;
}

/** Pauses today's reservations between two half-hour slots, or resumes them. Rendered only while open. */
export function PauseDialog({ open, onOpenChange, current }: PauseDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <PauseForm current={current} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function PauseForm({ current, onDone }: { current: TodayPause | undefined; onDone: () => void }) {
  const pause = current?.pause ?? null;
  const [startTime, setStartTime] = useState(pause ? formatTime(pause.startTime) : '');
  const [endTime, setEndTime] = useState(pause ? formatTime(pause.endTime) : '');
  const [error, setError] = useState<string | null>(null);
  const pauseToday = usePauseToday();
  const resumeToday = useResumeToday();
  const startId = useId();
  const endId = useId();
  const errorId = useId();
  const busy = pauseToday.isPending || resumeToday.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pauseSchema.safeParse({ startTime, endTime });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? text.timesRequired);
      return;
    }
    setError(null);
    pauseToday.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(staffMessages.admin.toasts.paused, {
          description: formatMessage(staffMessages.admin.today.pauseBanner, { start: startTime, end: endTime }),
        });
        onDone();
      },
      onError: (failure) => toast.error(staffMessages.admin.errors.pause, { description: errorMessage(failure) }),
    });
  };
  const resume = () =>
    resumeToday.mutate(undefined, {
      onSuccess: () => {
        toast.success(staffMessages.admin.toasts.resumed);
        onDone();
      },
      onError: (failure) => toast.error(staffMessages.admin.errors.resume, { description: errorMessage(failure) }),
    });

  const selectProps = {
    className: cn(fieldClassName, 'h-10'),
    'aria-required': true,
    'aria-invalid': error !== null,
    'aria-describedby': error ? errorId : undefined,
  } as const;

  return (
    <DialogForm
      title={text.title}
      description={
        pause ? formatMessage(text.current, { start: formatTime(pause.startTime), end: formatTime(pause.endTime) }) : text.description
      }
      onSubmit={submit}
      submitLabel={pause ? text.update : text.submit}
      submitDisabled={busy}
      secondaryAction={
        pause && (
          <Button variant="outline" disabled={busy} onClick={resume}>
            {text.resume}
          </Button>
        )
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SlotSelect id={startId} label={text.start} value={startTime} onChange={setStartTime} {...selectProps} />
        <SlotSelect id={endId} label={text.end} value={endTime} onChange={setEndTime} {...selectProps} />
      </div>
      <FieldError id={errorId} alert>
        {error}
      </FieldError>
      <BookingsInsidePause start={startTime} end={endTime} />
    </DialogForm>
  );
}

/** Today's active bookings between the two times: the pause stops new requests only, so they stay. */
function BookingsInsidePause({ start, end }: { start: string; end: string }) {
  const today = useTodayReservations();
  if (!start || !end || start >= end || !today.data) return null;
  const inside = today.data.filter(
    (reservation) =>
      (reservation.status === 'pending' || reservation.status === 'confirmed') &&
      isTimeInWindow(formatTime(reservation.reservationTime), start, end),
  );
  if (inside.length === 0) return null;
  return (
    <div role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
      <p className="font-medium">{formatMessage(text.inside, { count: inside.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {inside.map((reservation) => (
          <li key={reservation.id}>
            {formatMessage(staffMessages.admin.affected.item, {
              time: formatTime(reservation.reservationTime),
              name: reservation.customerName,
              people: reservation.numberOfPeople,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

type SlotSelectProps = Omit<ComponentProps<'select'>, 'onChange'> & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled select of the day's slots, 'Elegir' first. */
function SlotSelect({ id, label, value, onChange, ...control }: SlotSelectProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} {...control}>
        <option value="">{text.choose}</option>
        {SLOTS.map((slot) => (
          <option key={slot} value={slot}>
            {slot}
          </option>
        ))}
      </select>
    </div>
  );
}
