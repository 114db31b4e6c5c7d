import { z } from 'zod';
import { ALLERGENS, GUEST_NOTE_MAX, GUEST_TAG_MAX_LENGTH, GUEST_TAG_OPTIONS_MAX } from '../limits.ts';
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

export type Allergen = (typeof ALLERGENS)[number];

const unique = (values: readonly string[]) => new Set(values).size === values.length;
const guestErrors = staffMessages.guests.errors;

/** A list of guest tags: each 1 to 30 characters, no repeats, 20 at most (the owner's list, or one guest's). */
export const guestTagListSchema = (message: string) =>
  z
    .array(z.string({ error: message }).trim().min(1, message).max(GUEST_TAG_MAX_LENGTH, message), { error: message })
    .max(GUEST_TAG_OPTIONS_MAX, message)
    .refine(unique, message);

/** PUT /api/admin/guests/:id/tags: the guest's tags (from the owner's list, checked by the server) and allergens. */
export const guestTagsSchema = z.object({
  tags: guestTagListSchema(guestErrors.tagsInvalid),
  allergens: z
    .array(z.enum(ALLERGENS, { error: guestErrors.allergensInvalid }), { error: guestErrors.allergensInvalid })
    .refine(unique, guestErrors.allergensInvalid),
});
export type GuestTagsInput = z.input<typeof guestTagsSchema>;

/** One line of the guest dialog: the reservation as the table map sees it, with its note. */
export const guestReservationSchema = seatingReservationSchema.extend({ adminNotes: z.string().nullable() });
export type GuestReservation = z.infer<typeof guestReservationSchema>;

/** GET /api/admin/guests/:id: the guest and all its reservations, newest first. */
export const guestViewSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  tags: z.array(z.string()),
  allergens: z.array(z.enum(ALLERGENS)),
  /** The tags the owner offers in Configuración, to choose from. */
  tagOptions: z.array(z.string()),
  reservations: z.array(guestReservationSchema),
});
export type GuestView = z.infer<typeof guestViewSchema>;
