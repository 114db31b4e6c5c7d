// Staff's reply to a guest (issue 46, item 5): POST /api/admin/reservations/:id/messages. Apart from messaging.ts,
// which the first screen's reservation schema imports, so that these texts load only with 'Mensajes'.
import { z } from 'zod';
import { formatMessage } from '../messages.ts';
import { guestMessageTexts } from '../staff-messages/guest-messages.ts';

export const STAFF_REPLY_MAX = 1000;

const errors = guestMessageTexts.errors;

export const staffReplySchema = z.object({
  text: z
    .string({ error: errors.textRequired })
    .trim()
    .min(1, errors.textRequired)
    .max(STAFF_REPLY_MAX, formatMessage(errors.textTooLong, { max: STAFF_REPLY_MAX })),
});
export type StaffReply = z.input<typeof staffReplySchema>;
