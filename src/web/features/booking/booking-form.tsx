import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useController, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { PUBLIC_PARTY_MIN } from '@shared/limits';
import { beyondLargestParty } from '@shared/rules/beyond-largest-party';
import { slotTakes } from '@shared/rules/pacing';
import type { PublicCardGuarantee } from '@shared/schemas/card-guarantee';
import type { BookingCalendar, PublicReservation } from '@shared/schemas/reservation';
import { Button } from '@web/components/ui/button';
import { CheckOption } from '@web/components/ui/check-option';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { toast } from '@web/lib/lazy-toaster';
import { useAvailability } from './api/get-availability';
import { bookingCalendarQueryKey } from './api/get-booking-calendar';
import { monthAvailabilityQueries } from './api/get-month-availability';
import { useCreateReservation } from './api/create-reservation';
import { closedDayRejection, dateRejection, type DateRejection, isInWindow } from './date-rules';
import { ERROR_TOAST, FIELD_NAMES, showBookingFailure } from './booking-errors';
import { ConsentField } from './consent-field';
import { DateField } from './date-field';
import { BookingSummary } from './booking-summary';
import { DuplicateNotice, type DuplicateRefusal, keptBooking } from './duplicate-booking';
import { type BookingFormValues as FormValues, emptyForm } from './form-values';
import { FormField } from '@web/components/ui/form-field';
import { PausedTimeCard } from './paused-time-card';
import { TimeSelect } from './time-select';
import { useValuesAcrossReload } from './use-values-across-reload';
import { AllergenField } from './allergen-field';
import { BotFields } from './bot-fields';
import type { BookingResolverContext } from './booking-resolver';
import { WaitlistJoin } from './waitlist-join';
import { ContactFields, ZoneField } from './guest-fields';
import { type JoinedSummary, WaitlistSummary } from './waitlist-summary';
import { LargePartyCard } from './large-party-card';
import { PeopleSelect } from './people-select';
import { GuaranteeNotice } from './guarantee-notice';
import { SpecialRequirementField } from './special-requirement-field';
import { leaveForCardGuarantee } from '@web/lib/embedded-frame';

// The browser validates with the server's own schema; only its input type is widened (see FormValues). zod and the
// schema come with the first validation, not with the page (PERFORMANCE.md, guest page weight); focusing the form
// starts loading them.
type BookingResolver = Resolver<FormValues, BookingResolverContext, PublicReservation>;
const loadResolver = () => import('./booking-resolver').then(({ bookingResolver }) => bookingResolver);
const resolver: BookingResolver = async (values, context, options) =>
  (await loadResolver())(values, context, options);

/**
 * `guarantee`: the public settings' card guarantee rules (issue 45), null when none is asked. `initialDate`: the date
 * chosen to begin with (a lapsed waitlist offer's page books its date).
 */
export function BookingForm({ calendar, guarantee, initialDate = '' }: { calendar: BookingCalendar; guarantee: PublicCardGuarantee | null; initialDate?: string }) {
  const { texts, textOf } = useGuestTexts();
  const text = texts.reservation.form;
  const errors = texts.reservation.errors;
  const [initialValues] = useState(() => ({ ...emptyForm(), reservationDate: initialDate }));
  const form = useForm<FormValues, BookingResolverContext, PublicReservation>({
    resolver,
    context: { textOf },
    defaultValues: initialValues,
    // React Hook Form would focus the first field in registration order; onInvalid follows the page's order.
    shouldFocusError: false,
  });
  const { register, control, setValue, setError, clearErrors, setFocus, reset, handleSubmit } = form;
  const { errors: fieldErrors, isSubmitting } = form.formState;
  const { field: dateField } = useController({ control, name: 'reservationDate' });
  const createReservation = useCreateReservation();
  const queryClient = useQueryClient();

  const date = useWatch({ control, name: 'reservationDate' }) ?? '';
  const time = useWatch({ control, name: 'reservationTime' }) ?? '';
  const note = useWatch({ control, name: 'specialRequirement' }) ?? '';
  const people = Number(useWatch({ control, name: 'numberOfPeople' }));
  const isToday = date === calendar.today;
  const availability = useAvailability(date, { isToday });
  const zones = availability.data?.zones ?? [];

  // The last booking's summary, shown above the emptied form until the guest closes it.
  const [booked, setBooked] = useValuesAcrossReload(form, availability.data !== undefined);
  const [joined, setJoined] = useState<JoinedSummary | null>(null);
  const [duplicate, setDuplicate] = useState<DuplicateRefusal | null>(null);
  // A party larger than any the restaurant takes online calls instead (issue 50); with no table online at all, the
  // times simply show full, as 'Más de 0 personas' would say nothing.
  const largest = calendar.largestParty !== null && calendar.largestParty >= PUBLIC_PARTY_MIN ? calendar.largestParty : null;
  const callsUs = beyondLargestParty(largest, people);
  // The time the server refused as paused, until the guest chooses another one.
  const [serverPausedTime, setServerPausedTime] = useState<string | null>(null);
  const chosenSlot = availability.data?.slots.find((slot) => slot.time === time);
  // A bigger party (or covers taken meanwhile) can leave the chosen time '(Completo)': it is chosen again.
  const chosenSlotFull = chosenSlot !== undefined && !slotTakes(chosenSlot, people);
  useEffect(() => {
    if (chosenSlotFull) setValue('reservationTime', '');
  }, [chosenSlotFull, setValue]);
  // Open times too full for the party: the guest may join their waitlist (issue 23).
  const fullTimes = (availability.data?.slots ?? []).filter((slot) => slot.available && !slotTakes(slot, people)).map((slot) => slot.time);
  const showPausedCard =
    isToday && time !== '' && (chosenSlot?.reason === 'paused' || serverPausedTime === time);

  // The form comes back from the paused card with focus on the time to choose again.
  const cameFromPausedCard = useRef(false);
  useEffect(() => {
    if (showPausedCard) cameFromPausedCard.current = true;
    else if (cameFromPausedCard.current) {
      cameFromPausedCard.current = false;
      setFocus('reservationTime');
    }
  }, [showPausedCard, setFocus]);

  // Spec point 5: a closed day or a closed Monday is not accepted. The calendar disables them; a day that closed after
  // it was drawn is refused here, when its availability says so, and the calendar asks again.
  function rejectDate(rejection: DateRejection) {
    setValue('reservationDate', '');
    setError('reservationDate', { type: 'validate', message: rejection.message });
    toast.error(rejection.title, { id: ERROR_TOAST, description: rejection.message });
    void queryClient.invalidateQueries({ queryKey: bookingCalendarQueryKey });
    void queryClient.invalidateQueries({ queryKey: monthAvailabilityQueries });
  }
  const closedNow = availability.data?.date === date ? closedDayRejection(availability.data, textOf) : null;
  useEffect(() => {
    if (closedNow) rejectDate(closedNow);
    // rejectDate only reads stable setters; the refusal is shown once per date that turns out closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closedNow?.message, date]);

  function onDatePick(picked: string) {
    dateField.onChange(picked);
    setValue('reservationTime', '');
    setServerPausedTime(null);
    const rejection = dateRejection(picked, calendar, texts.reservation.dateRules);
    if (rejection) rejectDate(rejection);
    else clearErrors('reservationDate');
  }

  function onInvalid(invalid: FieldErrors<FormValues>) {
    const first = FIELD_NAMES.find((name) => invalid[name]);
    if (first) setFocus(first);
  }

  function chooseAnotherTime() {
    setServerPausedTime(null);
    setValue('reservationTime', '');
  }

  function startAgain() {
    setServerPausedTime(null);
    setDuplicate(null);
    reset(emptyForm());
  }

  async function onSubmit(values: PublicReservation) {
    // The calendar keeps to the window; a day picked before midnight can have left it by the time it is sent.
    if (!isInWindow(values.reservationDate, calendar.today, calendar.lastDay)) {
      const message = texts.reservation.validation.dateOutOfWindow;
      setError('reservationDate', { type: 'validate', message }, { shouldFocus: true });
      return;
    }
    const rejection = dateRejection(values.reservationDate, calendar, texts.reservation.dateRules);
    if (rejection) {
      setError('reservationDate', { type: 'validate', message: rejection.message }, { shouldFocus: true });
      toast.error(rejection.title, { id: ERROR_TOAST, description: rejection.message });
      return;
    }
    try {
      const created = await createReservation.mutateAsync(values);
      if (created.status === 'awaiting_guarantee') {
        leaveForCardGuarantee(created.checkoutUrl);
        return;
      }
      toast.dismiss(ERROR_TOAST);
      toast.success(texts.reservation.success.title, { description: texts.reservation.success.description });
      setBooked(keptBooking({ ...created, date: values.reservationDate, time: values.reservationTime, people: values.numberOfPeople }));
      setJoined(null);
      startAgain();
    } catch (error) {
      setDuplicate(showBookingFailure(form, error, values, setServerPausedTime, errors));
    }
  }

  if (showPausedCard) return <PausedTimeCard onChooseAnother={chooseAnotherTime} />;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, onInvalid)}
      // Fetched ahead while the guest types; a failed fetch here is no loss: sending loads it again, and says so.
      onFocus={() => void loadResolver().catch(() => undefined)}
      className="grid gap-4 sm:grid-cols-2"
    >
      {booked && (
        <BookingSummary
          booked={booked}
          onClose={() => {
            setBooked(null);
            setFocus('customerName');
          }}
        />
      )}

      {joined && (
        <WaitlistSummary
          joined={joined}
          onClose={() => {
            setJoined(null);
            setFocus('customerName');
          }}
        />
      )}

      {calendar.reservationsPaused && (
        <p role="status" className="rounded-md border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900 sm:col-span-2">
          {errors.reservationsPaused}
        </p>
      )}

      <ContactFields register={register} fieldErrors={fieldErrors} />

      <PeopleSelect registration={register('numberOfPeople')} largest={largest} error={fieldErrors.numberOfPeople?.message} />

      <DateField
        value={date}
        onChange={onDatePick}
        people={people}
        calendar={calendar}
        error={fieldErrors.reservationDate?.message}
        buttonRef={dateField.ref}
      />

      {largest !== null && callsUs ? (
        <LargePartyCard largest={largest} />
      ) : (
        <FormField id="booking-time" label={text.time} error={fieldErrors.reservationTime?.message}>
          {(a11y) => (
            <TimeSelect
              {...a11y}
              {...register('reservationTime')}
              date={date}
              availability={availability.data}
              people={people}
              isLoading={availability.isPending && date !== ''}
              isError={availability.isError}
            />
          )}
        </FormField>
      )}

      <GuaranteeNotice guarantee={guarantee} people={people} date={date} time={time} />
      <WaitlistJoin
        form={form}
        fullTimes={date === '' || callsUs ? [] : fullTimes}
        onJoined={(entry) => {
          setBooked(null);
          setJoined(entry);
          startAgain();
        }}
      />

      <ZoneField register={register} fieldErrors={fieldErrors} zones={zones} />

      <AllergenField registration={register('allergens')} />
      <BotFields form={form} token={calendar.formToken} />

      <SpecialRequirementField
        registration={register('specialRequirement')}
        note={note}
        error={fieldErrors.specialRequirement?.message}
      />

      {calendar.messagingChannel && (
        // Issue 46: optional and unticked; shown only while the owner has WhatsApp or SMS switched on.
        <CheckOption label={text.messagingOptIn[calendar.messagingChannel]} className="sm:col-span-2" {...register('messagingOptIn')} />
      )}

      <ConsentField error={fieldErrors.privacyConsent?.message}>
        {(a11y) => <input {...a11y} type="checkbox" {...register('privacyConsent')} />}
      </ConsentField>

      {duplicate && <DuplicateNotice refusal={duplicate} />}
      {!callsUs && (
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:col-span-2">
          {isSubmitting ? text.submitting : text.submit}
        </Button>
      )}
    </form>
  );
}

