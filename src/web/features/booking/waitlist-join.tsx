import { useEffect, useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PublicReservation } from '@shared/schemas/reservation';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName } from '@web/components/ui/input';
import { ApiRequestError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { toast } from '@web/lib/lazy-toaster';
import { useJoinWaitlist } from './api/join-waitlist';
import type { BookingFormValues } from './form-values';
import { newReservationId } from './reservation-id';
import type { JoinedSummary } from './waitlist-summary';

/** The booking form's fields the waitlist needs, in page order (the full time comes between the date and the consent). */
const FIELDS_BEFORE_TIME = ['customerName', 'customerPhone', 'customerEmail', 'numberOfPeople', 'reservationDate'] as const;
const WAITLIST_FIELDS = [...FIELDS_BEFORE_TIME, 'privacyConsent'] as const;
type WaitlistField = (typeof WAITLIST_FIELDS)[number];
const isWaitlistField = (name: string | undefined): name is WaitlistField =>
  (WAITLIST_FIELDS as readonly (string | undefined)[]).includes(name);
/** Server refusals that concern the chosen time: the reason is shown under it. */
const TIME_REFUSALS = new Set(['slot_available', 'party_too_large', 'already_joined', 'slot_unavailable', 'past_time', 'time_paused', 'invalid_time']);

interface WaitlistJoinProps {
  form: UseFormReturn<BookingFormValues, unknown, PublicReservation>;
  /** The date's times that are open but full for the party; nothing shows without one. */
  fullTimes: readonly string[];
  /** The entry made, for the summary card the emptied form shows. */
  onJoined: (joined: JoinedSummary) => void;
}

/**
 * Issue 23: below the time, when the chosen date has times too full for the party, the guest may wait for one of
 * them. The name, contact, party, date and consent come from the booking form and are checked by its own rules.
 */
export function WaitlistJoin({ form, fullTimes, onJoined }: WaitlistJoinProps) {
  const { texts } = useGuestTexts();
  const text = texts.waitlist;
  const timeRequired = texts.reservation.validation.timeRequired;
  const titleId = useId();
  const introId = useId();
  const timeRef = useRef<HTMLSelectElement>(null);
  const [time, setTime] = useState('');
  const [timeError, setTimeError] = useState<string>();
  // Names this request across retries and double clicks; replaced only after a success.
  const [id, setId] = useState(newReservationId);
  const [tried, setTried] = useState(false);
  const join = useJoinWaitlist();
  // A time that has room again (a bigger party chosen, a cancellation) is no longer offered here.
  const chosen = fullTimes.includes(time) ? time : '';

  // Once the guest has tried, a field's error follows what is typed into it, as after a submit.
  useEffect(() => {
    if (!tried) return;
    const subscription = form.watch((_values, { name, type }) => {
      if (type === 'change' && isWaitlistField(name)) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [tried, form]);

  if (fullTimes.length === 0) return null;

  async function submit() {
    setTried(true);
    const valid = await form.trigger(WAITLIST_FIELDS);
    setTimeError(chosen === '' ? timeRequired : undefined);
    const invalid = (name: WaitlistField) => form.getFieldState(name).invalid;
    const firstBefore = FIELDS_BEFORE_TIME.find(invalid);
    if (firstBefore) form.setFocus(firstBefore);
    else if (chosen === '') timeRef.current?.focus();
    else if (!valid) form.setFocus('privacyConsent');
    if (!valid || chosen === '') return;

    const values = form.getValues();
    let joined;
    try {
      joined = await join.mutateAsync({
        id,
        customerName: values.customerName,
        customerPhone: values.customerPhone,
        customerEmail: values.customerEmail,
        numberOfPeople: Number(values.numberOfPeople),
        reservationDate: values.reservationDate,
        reservationTime: chosen,
        privacyConsent: true,
        messagingOptIn: values.messagingOptIn ?? false,
        subject: values.subject,
        formToken: values.formToken,
      });
    } catch (error) {
      showFailure(error);
      return;
    }
    toast.success(text.joinedTitle, { description: text.joinedDescription });
    setId(newReservationId());
    setTime('');
    setTried(false);
    onJoined({ ...joined, date: values.reservationDate, time: chosen, people: Number(values.numberOfPeople) });
  }

  function showFailure(error: unknown) {
    if (!(error instanceof ApiRequestError)) {
      console.error(error);
      toast.error(texts.reservation.errors.unexpectedTitle, { description: texts.reservation.errors.generic });
      return;
    }
    const fields = error.fields ?? {};
    for (const name of WAITLIST_FIELDS) {
      const message = fields[name];
      if (message) form.setError(name, { type: 'server', message });
    }
    const timeMessage = fields.reservationTime ?? (TIME_REFUSALS.has(error.code) ? error.message : undefined);
    if (error.code === 'day_closed') form.setError('reservationDate', { type: 'server', message: error.message });
    setTimeError(timeMessage);
    const firstInvalid = FIELDS_BEFORE_TIME.find((name) => fields[name]);
    if (firstInvalid) form.setFocus(firstInvalid);
    else if (timeMessage) timeRef.current?.focus();
    // The server's own text (in the guest's language), or the connection's when it could not be reached.
    toast.error(error.message);
  }

  return (
    <div
      role="group"
      aria-labelledby={titleId}
      aria-describedby={introId}
      className="grid gap-3 rounded-md border border-dashed bg-muted/40 p-3 sm:col-span-2"
    >
      <h3 id={titleId} className="font-semibold">
        {text.formTitle}
      </h3>
      <p id={introId} className="text-sm text-muted-foreground">
        {text.formIntro}
      </p>
      <FormField id="waitlist-time" label={text.fullTime} error={timeError}>
        {(a11y) => (
          <select
            {...a11y}
            ref={timeRef}
            value={chosen}
            onChange={(event) => {
              setTime(event.target.value);
              if (tried) setTimeError(event.target.value === '' ? timeRequired : undefined);
            }}
            aria-required="true"
            className={cn(fieldClassName, 'h-10')}
          >
            <option value="">{text.fullTimePlaceholder}</option>
            {fullTimes.map((full) => (
              <option key={full} value={full}>
                {full}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Button variant="outline" disabled={join.isPending} onClick={() => void submit()} className="h-auto min-h-11 w-full whitespace-normal sm:w-auto sm:justify-self-start">
        {join.isPending ? text.joining : text.join}
      </Button>
    </div>
  );
}
