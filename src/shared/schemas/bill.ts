import { z } from 'zod';
import { BILL_CENTS_MAX } from '../limits.ts';
import { billTexts } from '../staff-messages/bill.ts';

const e = billTexts.errors;

/** PUT /api/admin/reservations/:id/bill: the bill in euro cents, or null to clear it (issue 47, decision 044). */
export const billChangeSchema = z.object({
  billCents: z
    .number({ error: e.required })
    .int(e.invalid)
    .min(0, e.invalid)
    .max(BILL_CENTS_MAX, e.tooLarge)
    .nullable(),
});
export type BillChange = z.infer<typeof billChangeSchema>;
