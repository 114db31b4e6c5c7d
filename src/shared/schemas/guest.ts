import { z } from 'zod';
import { GUEST_NOTE_MAX } from '../limits.ts';
import { formatMessage, messages } from '../messages.ts';
import { staffMessages } from '../staff-messages.ts';
import { seatingReservationSchema } from './table.ts';

// The guest dialog (issue 11, guest history): one guest's reservations and staff's permanent note.

/** PUT /api/admin/guests/:id/note. An empty note clears it. */
export const guestNoteSchema = z.object({
  note: z
    .string({ error: messages.http.badRequest })
    .trim()
    .max(GUEST_NOTE_MAX, formatMessage(staffMessages.guests.errors.noteTooLong, { max: GUEST_NOTE_MAX })),
});
export type GuestNoteInput = z.input<typeof guestNoteSchema>;

/** One line of the guest dialog: the reservation as the table map sees it, with its note. */
export const guestReservationSchema = seatingReservationSchema.extend({ adminNotes: z.string().nullable() });
export type GuestReservation = z.infer<typeof guestReservationSchema>;

/** GET /api/admin/guests/:id: the guest and all its reservations, newest first. */
export const guestViewSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  reservations: z.array(guestReservationSchema),
});
export type GuestView = z.infer<typeof guestViewSchema>;
