// How the booking form shows what went wrong: the fields in page order, one error toast at a time, and the
// server's refusals put under the field they concern.
import type { Path, UseFormReturn } from 'react-hook-form';
import type { FirstScreenTexts } from '@shared/i18n/first-screen-texts';
import { GUEST_REQUEST_FIELDS } from '@shared/schemas/guest-request-fields';
import type { PublicReservation } from '@shared/schemas/reservation';
import { ApiRequestError } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';
import { duplicateRefusal, type DuplicateRefusal } from './duplicate-booking';
import type { BookingFormValues as FormValues } from './form-values';

type FieldName = Exclude<Path<FormValues>, `allergens.${number}`>;

/** The form's fields in page order. */
export const FIELD_NAMES: readonly FieldName[] = [...GUEST_REQUEST_FIELDS, 'preferredZoneId', 'specialRequirement', 'privacyConsent'];

/** One error toast at a time: the next attempt's outcome replaces it, and a success closes it. */
export const ERROR_TOAST = 'booking-error';

/** Server refusals that concern the chosen time: the time is cleared and the reason shown under it. */
const TIME_REFUSALS = new Set(['past_time', 'slot_unavailable', 'invalid_time', 'slot_full', 'day_full', 'no_table']);

type BookingForm = Pick<UseFormReturn<FormValues, unknown, PublicReservation>, 'setError' | 'setFocus' | 'setValue'>;

/**
 * A failed request: each field the server named gets its message, a refused time or day is cleared with the reason
 * under it, a paused time goes to `onPausedTime` (the form shows the paused card), and one error toast says it.
 * `errors` are the guest's language's texts; the server's own messages come in that language already. The refusal
 * of a stay the guest already holds is returned instead, for the form to show with its link (values stay).
 */
export function showBookingFailure(
  form: BookingForm,
  error: unknown,
  values: PublicReservation,
  onPausedTime: (time: string) => void,
  errors: FirstScreenTexts['reservation']['errors'],
): DuplicateRefusal | null {
  const { setError, setFocus, setValue } = form;
  if (!(error instanceof ApiRequestError)) {
    console.error(error);
    toast.error(errors.unexpectedTitle, { id: ERROR_TOAST, description: errors.generic });
    return null;
  }
  const duplicate = duplicateRefusal(error, values.reservationDate);
  if (duplicate) {
    toast.dismiss(ERROR_TOAST);
    return duplicate;
  }
  const fields = error.fields ?? {};
  for (const name of FIELD_NAMES) {
    const message = fields[name];
    if (message) setError(name, { type: 'server', message });
  }
  const firstInvalid = FIELD_NAMES.find((name) => fields[name]);
  if (firstInvalid) setFocus(firstInvalid);
  if (error.code === 'time_paused') {
    onPausedTime(values.reservationTime);
  } else if (TIME_REFUSALS.has(error.code)) {
    setValue('reservationTime', '');
    setError('reservationTime', { type: 'server', message: error.message }, { shouldFocus: true });
  } else if (error.code === 'day_closed') {
    setValue('reservationTime', '');
    setError('reservationDate', { type: 'server', message: error.message }, { shouldFocus: true });
  }
  // A message the server wrote is shown as is; a lost connection or an unreadable answer gets the generic text.
  const fromServer = error.status > 0 && error.code !== 'NETWORK_ERROR' && error.code !== 'INVALID_RESPONSE';
  toast.error(errors.title, { id: ERROR_TOAST, description: fromServer ? error.message : errors.generic });
  return null;
}
