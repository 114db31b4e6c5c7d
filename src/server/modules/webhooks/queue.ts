// An event becomes one delivery per endpoint that wants it, written in the transaction of the change itself: the
// change and its deliveries exist together or not at all (decision 051). The worker sends them after the commit.
import { randomBytes } from 'node:crypto';
import { and, arrayOverlaps, isNull, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@shared/schemas/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

export const WEBHOOK_CHANNEL = 'webhook_deliveries';

/** Every instance's worker looks at once after the commit, instead of at its next poll. */
export const wakeWebhookWorkers = (tx: Executor) => tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);

/** `msg_` and 24 random characters: the `webhook-id` a receiver keys its de-duplication on. */
export const newMessageId = (): string => `msg_${randomBytes(18).toString('base64url')}`;

export interface WebhookEventInput {
  events: readonly WebhookEvent[];
  /** The body's `data`, read only when some endpoint wants one of the events. */
  data: () => Promise<Record<string, unknown>>;
  at: Date;
  /** The booking the body names, so that erasing the guest reaches the delivery. */
  reservationId?: string | null;
}

/** The body every delivery carries, as the Standard Webhooks specification recommends: type, timestamp, data. */
export const webhookBody = (event: WebhookEvent, at: Date, data: Record<string, unknown>) => ({ type: event, timestamp: at.toISOString(), data });

/** One delivery per event and endpoint that wants it; one small read when none does. Returns how many were queued. */
export async function queueWebhookEvents(tx: Executor, input: WebhookEventInput): Promise<number> {
  if (input.events.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.pausedAt), arrayOverlaps(webhookEndpoints.events, [...input.events])));
  if (endpoints.length === 0) return 0;
  const data = await input.data();
  const deliveries = input.events.flatMap((event) =>
    endpoints
      .filter((endpoint) => endpoint.events.includes(event))
      .map((endpoint) => ({
        endpointId: endpoint.id,
        messageId: newMessageId(),
        event,
        payload: webhookBody(event, input.at, data),
        reservationId: input.reservationId ?? null,
        createdAt: input.at,
        nextAttemptAt: input.at,
      })),
  );
  await tx.insert(webhookDeliveries).values(deliveries);
  await wakeWebhookWorkers(tx);
  return deliveries.length;
}
