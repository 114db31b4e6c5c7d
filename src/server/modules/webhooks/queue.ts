// An event becomes one delivery per endpoint that wants it, written in the transaction of the change itself: the
// change and its deliveries exist together or not at all (decision 051). The worker sends them after the commit.
import { randomBytes } from 'node:crypto';
import { and, arrayContains, isNull, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@shared/schemas/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

export const WEBHOOK_CHANNEL = 'webhook_deliveries';

/** `msg_` and 24 random characters: the `webhook-id` a receiver keys its de-duplication on. */
export const newMessageId = (): string => `msg_${randomBytes(18).toString('base64url')}`;

export interface WebhookEventInput {
  event: WebhookEvent;
  data: Record<string, unknown>;
  at: Date;
  /** The booking the body names, so that erasing the guest reaches the delivery. */
  reservationId?: string | null;
}

/** The body every delivery carries, as the Standard Webhooks specification recommends: type, timestamp, data. */
export const webhookBody = (event: WebhookEvent, at: Date, data: Record<string, unknown>) => ({ type: event, timestamp: at.toISOString(), data });

export async function queueWebhookEvent(tx: Executor, input: WebhookEventInput): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.pausedAt), arrayContains(webhookEndpoints.events, [input.event])));
  if (endpoints.length === 0) return 0;
  const payload = webhookBody(input.event, input.at, input.data);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId: newMessageId(),
      event: input.event,
      payload,
      reservationId: input.reservationId ?? null,
      createdAt: input.at,
      nextAttemptAt: input.at,
    })),
  );
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return endpoints.length;
}
