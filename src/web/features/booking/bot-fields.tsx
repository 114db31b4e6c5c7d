import { useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { PublicReservation } from '@shared/schemas/reservation';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import type { BookingFormValues } from './form-values';

interface BotFieldsProps {
  form: UseFormReturn<BookingFormValues, unknown, PublicReservation>;
  /** The calendar's signed render time; absent until the page's own fetch of it has answered. */
  token: string | undefined;
}

/**
 * The booking form's bot checks (decision 027). A honeypot a person leaves empty: off the screen (not display:none,
 * which some bots skip), out of the tab order, never autofilled, and labelled so a screen reader says to leave it.
 * And the form's render time, signed by the server: the first one the form gets is kept until it is sent, so a
 * refetch of the calendar (window focus) does not make the person's submit look faster than a person's.
 */
export function BotFields({ form, token }: BotFieldsProps) {
  const { texts } = useGuestTexts();
  const { control, register, setValue } = form;
  const kept = useWatch({ control, name: 'formToken' });
  useEffect(() => {
    if (token && !kept) setValue('formToken', token);
  }, [kept, token, setValue]);

  return (
    <div className="sr-only">
      <label htmlFor="booking-subject">{texts.botCheck.honeypotLabel}</label>
      <input id="booking-subject" type="text" tabIndex={-1} autoComplete="off" {...register('subject')} />
    </div>
  );
}
