// No zod here: the guest booking form's first load names these fields, and zod waits for the form's first focus.

/**
 * The guest's details and the party's date and time by name (schemas/reservation.ts#guestRequestShape), in the order
 * every form shows them: the guest's booking form, staff's booking fields, and a change-log line.
 */
export const GUEST_REQUEST_FIELDS = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'numberOfPeople',
  'reservationDate',
  'reservationTime',
] as const;
