import { type FormEvent, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { BOOKING_WINDOW_DAYS, PUBLIC_PARTY_MAX, PUBLIC_PARTY_MIN } from '@shared/limits';
import { addDays, madridToday } from '@shared/rules/madrid-time';
import { Button } from '@web/components/ui/button';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { newReservationId } from '@web/features/booking/reservation-id';
import { TimeSelect } from '@web/features/booking/time-select';
import { cn } from '@web/lib/cn';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useSelfServiceAvailability } from './api/get-availability';
import { useRequestChange } from './api/request-change';
import { useSelfServiceTexts } from './use-self-service-texts';

/** Another date, time or party size: sent as a new request; the current reservation stays until staff answer. */
export function ChangeForm({ token, people }: { token: string; people: number }) {
  const text = useSelfServiceTexts();
  const { texts } = useGuestLanguage();
  const form = texts.reservation.form;
  const ids = { date: useId(), time: useId(), people: useId(), intro: useId() };
  const today = madridToday(new Date());
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [partySize, setPartySize] = useState(people);
  // One id per intended request: a retry or a double click names the same one.
  const [requestId, setRequestId] = useState(newReservationId);
  const [sent, setSent] = useState(false);
  const availability = useSelfServiceAvailability(token, date);
  const change = useRequestChange(token);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time) return;
    change.mutate(
      { id: requestId, reservationDate: date, reservationTime: time, numberOfPeople: partySize },
      {
        onSuccess: () => {
          setSent(true);
          setRequestId(newReservationId());
          toast.success(text.changeSent, { description: text.changeSentDetail });
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  if (sent) {
    return (
      <p role="status" className="rounded-md bg-muted p-3 text-sm">
        {text.changeSent}. {text.changeSentDetail}
      </p>
    );
  }

  return (
    <form onSubmit={submit} aria-describedby={ids.intro} className="grid gap-4">
      <p id={ids.intro} className="text-sm text-muted-foreground">
        {text.changeIntro}
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.date}>{form.date}</Label>
        <input
          id={ids.date}
          type="date"
          required
          min={today}
          max={addDays(today, BOOKING_WINDOW_DAYS)}
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            setTime('');
          }}
          className={cn(fieldClassName, 'h-10')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.time}>{form.time}</Label>
        <TimeSelect
          id={ids.time}
          date={date}
          people={partySize}
          availability={availability.data}
          isLoading={availability.isLoading}
          isError={availability.isError}
          value={time}
          required
          onChange={(event) => setTime(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.people}>{form.people}</Label>
        <select
          id={ids.people}
          value={partySize}
          onChange={(event) => setPartySize(Number(event.target.value))}
          className={cn(fieldClassName, 'h-10')}
        >
          {Array.from({ length: PUBLIC_PARTY_MAX - PUBLIC_PARTY_MIN + 1 }, (_, index) => PUBLIC_PARTY_MIN + index).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Button type="submit" disabled={!date || !time || change.isPending}>
          {change.isPending ? texts.common.sending : text.changeSubmit}
        </Button>
      </div>
    </form>
  );
}
