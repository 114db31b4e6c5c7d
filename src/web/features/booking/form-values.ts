import type { PublicReservationInput } from '@shared/schemas/reservation';

/** The booking form's values: the schema's input, except that the consent box starts unchecked (false), which the schema then refuses. */
export type BookingFormValues = Omit<PublicReservationInput, 'privacyConsent'> & { privacyConsent: boolean };
