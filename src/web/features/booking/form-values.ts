import { PUBLIC_PARTY_DEFAULT } from '@shared/limits';
import type { PublicReservationInput } from '@shared/schemas/reservation';
import { newReservationId } from './reservation-id';

/** The booking form's values: the schema's input, except that the consent box starts unchecked (false), which the schema then refuses. */
export type BookingFormValues = Omit<PublicReservationInput, 'privacyConsent'> & { privacyConsent: boolean };

/**
 * A fresh form. The id names this request: it stays the same across retries and double clicks (the server
 * answers a repeated id with the reservation already made) and is replaced only after a success.
 */
export function emptyForm(): BookingFormValues {
  return {
    id: newReservationId(),
    customerName: '',
    customerPhone: '',
    customerEmail: '',
    numberOfPeople: PUBLIC_PARTY_DEFAULT,
    reservationDate: '',
    reservationTime: '',
    preferredZoneId: '',
    specialRequirement: '',
    allergens: [],
    privacyConsent: false,
    messagingOptIn: false,
  };
}
