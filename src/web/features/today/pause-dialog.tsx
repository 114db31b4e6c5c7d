import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { adminSlots } from '@shared/rules/slots';
import { pauseSchema, type TodayPause } from '@shared/schemas/reservation';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { fieldClassName } from '@web/components/ui/input';
import { FieldError } from '@web/components/ui/field-error';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { usePauseToday } from './api/pause-today';
import { useResumeToday } from './api/resume-today';
import { formatTime } from './format';

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <PauseForm current={current} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
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
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>
          {pause
            ? formatMessage(text.current, { start: formatTime(pause.startTime), end: formatTime(pause.endTime) })
            : text.description}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={startId}>{text.start}</Label>
          <select id={startId} value={startTime} onChange={(event) => setStartTime(event.target.value)} {...selectProps}>
            <option value="">{text.choose}</option>
            {SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={endId}>{text.end}</Label>
          <select id={endId} value={endTime} onChange={(event) => setEndTime(event.target.value)} {...selectProps}>
            <option value="">{text.choose}</option>
            {SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={errorId} alert>
        {error}
      </FieldError>
      <DialogFooter>
        {pause && (
          <Button variant="outline" disabled={busy} onClick={resume}>
            {text.resume}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {pause ? text.update : text.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}
