// A booking's webhook events (issue 48, item 3; decision 051): what a change-log line stands for, each queued in the
// change's own transaction with the booking as /api/v1 shows it. The public request, which writes no change-log line,
// queues its creation itself.
import { toApiReservation } from '@shared/schemas/api-v1.ts';
import type { ReservationWebhookEvent } from '@shared/schemas/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { queueWebhookEvents } from '../webhooks/service.ts';
import { type ReservationRow, toAdminReservation } from './admin-queries.ts';
import { findReservation } from './public-queries.ts';

export async function queueReservationWebhooks(
  tx: Executor,
  reservationId: string,
  events: readonly ReservationWebhookEvent[],
  at: Date,
  row?: ReservationRow,
): Promise<void> {
  await queueWebhookEvents(tx, {
    events,
    at,
    reservationId,
    data: async () => {
      const current = row ?? (await findReservation(tx, reservationId));
      return current ? toApiReservation(toAdminReservation(current)) : { id: reservationId };
    },
  });
}
