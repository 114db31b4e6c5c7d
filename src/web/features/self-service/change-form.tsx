import { type FormEvent, useId, useState } from 'react';
import type { ChangeRequestResult } from '@shared/schemas/self-service';
import { toast } from '@web/lib/lazy-toaster';
import { PUBLIC_PARTY_MAX, PUBLIC_PARTY_MIN } from '@shared/limits';
import { Button } from '@web/components/ui/button';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { BookingDateField } from '@web/features/booking/booking-date-field';
import { newReservationId } from '@web/features/booking/reservation-id';
import { TimeSelect } from '@web/features/booking/time-select';
import { cn } from '@web/lib/cn';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useSelfServiceAvailability } from './api/get-availability';
import { useRequestChange } from './api/request-change';
import { useSelfServiceTexts } from './use-self-service-texts';

/**
 * Another date, time or party size, the date picked in the booking form's calendar: sent as a new request; the
 * current reservation stays until staff answer, or is replaced at once when the change is confirmed automatically.
 */
export function ChangeForm({ token, people }: { token: string; people: number }) {
  const text = useSelfServiceTexts();
  const { texts } = useGuestLanguage();
  const form = texts.reservation.form;
  const ids = { time: useId(), people: useId(), intro: useId() };
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [partySize, setPartySize] = useState(people);
  // One id per intended request: a retry or a double click names the same one.
  const [requestId, setRequestId] = useState(newReservationId);
  // What the restaurant made of the request: waiting for its answer, or confirmed at once ('Confirmación automática').
  const [sent, setSent] = useState<ChangeRequestResult['status'] | null>(null);
  const availability = useSelfServiceAvailability(token, date);
  const change = useRequestChange(token);
  const sentTexts = (status: ChangeRequestResult['status']): [string, string] =>
    status === 'confirmed' ? [text.changeConfirmed, text.changeConfirmedDetail] : [text.changeSent, text.changeSentDetail];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || !time) return;
    change.mutate(
      { id: requestId, reservationDate: date, reservationTime: time, numberOfPeople: partySize },
      {
        onSuccess: (result) => {
          setSent(result.status);
          setRequestId(newReservationId());
          const [title, detail] = sentTexts(result.status);
          toast.success(title, { description: detail });
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  if (sent) {
    const [title, detail] = sentTexts(sent);
    return (
      <p role="status" className="rounded-md bg-muted p-3 text-sm">
        {title}. {detail}
      </p>
    );
  }

  return (
    <form onSubmit={submit} aria-describedby={ids.intro} className="grid gap-4">
      <p id={ids.intro} className="text-sm text-muted-foreground">
        {text.changeIntro}
      </p>
      <BookingDateField
        value={date}
        onChange={(picked) => {
          setDate(picked);
          setTime('');
        }}
        people={partySize}
      />
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
