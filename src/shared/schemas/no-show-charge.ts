// Staff's requests to charge a no-show to the card in guarantee (issue 45, item 4).
import { z } from 'zod';
import { ADMIN_PARTY_MAX } from '../limits.ts';
import { formatMessage } from '../messages.ts';
import { chargeMessages } from '../staff-messages/charges.ts';

const tooMany = formatMessage(chargeMessages.errors.tooManyPeople, { max: ADMIN_PARTY_MAX });

/** POST /api/admin/reservations/:id/no-show-charge: how many of the party did not come (the service caps it at the party). */
export const noShowChargeSchema = z.object({
  people: z.number({ error: tooMany }).int(tooMany).min(1, tooMany).max(ADMIN_PARTY_MAX, tooMany),
});
export type NoShowCharge = z.infer<typeof noShowChargeSchema>;
