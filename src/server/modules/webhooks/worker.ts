// Delivers the queued webhook_deliveries (issue 48, item 3; decision 051): each claimed by one worker across
// instances (the delivery worker's lease), signed with its endpoint's secret, posted through the destination guard;
// what came back is the delivery log's line. A failure is tried again with backoff for about 24 hours; an endpoint
// that has failed for 24 hours is paused and the owners are told by email.
import { eq, sql } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import { webhooksMessages } from '@shared/staff-messages/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { DeliveryWorker, type DeliveryWorkerOptions } from '../../platform/delivery-worker.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmails } from '../../platform/outbox.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { adminUrlOf } from '../../platform/service-deps.ts';
import { activeOwnerEmails } from '../auth/service.ts';
import { renderEmail } from '../notifications/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { WEBHOOK_CHANNEL } from './queue.ts';
import { postWebhook, type WebhookAnswer, WebhookSendError } from './sender.ts';
import { signedHeaders } from './signing.ts';

const text = webhooksMessages;
const HOUR_MS = 3_600_000;
/** Failing this long pauses an endpoint. */
export const WEBHOOK_PAUSE_AFTER_MS = 24 * HOUR_MS;
/** 30 s doubling to an hour, then hourly: about 24 hours of tries before a delivery is given up. */
export const WEBHOOK_TIMING = { maxAttempts: 30, retryBaseMs: 30_000, retryMaxMs: HOUR_MS } as const;

interface QueuedDelivery {
  endpoint_id: string;
  message_id: string;
  payload: Record<string, unknown>;
}

/** What the log says of an attempt that got no 2xx. */
function failureText(outcome: WebhookAnswer | WebhookSendError): string {
  if (!(outcome instanceof WebhookSendError)) return formatMessage(text.errors.status, { status: outcome.status });
  if (outcome.reason === 'refused') return text.errors.refusedAtDelivery;
  if (outcome.reason === 'timeout') return text.errors.timeout;
  return formatMessage(text.errors.network, { message: outcome.message });
}

/** An endpoint failing since 24 hours ago is paused (once, by one instance) and its owners told. */
async function noteFailure(db: Executor, endpointId: string, now: Date, publicUrl: URL): Promise<boolean> {
  await db.execute(sql`update webhook_endpoints set failing_since = ${now} where id = ${endpointId} and failing_since is null`);
  const paused = await db
    .update(webhookEndpoints)
    .set({ pausedAt: now })
    .where(sql`${webhookEndpoints.id} = ${endpointId} and ${webhookEndpoints.pausedAt} is null and ${webhookEndpoints.failingSince} <= ${new Date(now.getTime() - WEBHOOK_PAUSE_AFTER_MS)}`)
    .returning({ url: webhookEndpoints.url });
  if (paused.length === 0) return false;
  await recordChange(db, { table: 'webhook_endpoints', action: 'update', id: endpointId });
  const config = await getRestaurantConfig(db);
  const url = paused[0]!.url;
  const rendered = renderEmail(config, {
    heading: text.errors.paused,
    audience: 'staff',
    blocks: [{ kind: 'text', text: formatMessage(text.pausedEmail.body, { url, adminUrl: adminUrlOf(publicUrl) }) }],
  });
  const subject = formatMessage(text.pausedEmail.subject, { url });
  await enqueueEmails(db, (await activeOwnerEmails(db)).map((to) => ({ kind: 'staff_webhook_paused', to, subject, ...rendered })), now);
  return true;
}

export class WebhookWorker extends DeliveryWorker<QueuedDelivery> {
  constructor(options: DeliveryWorkerOptions & { box: SecretBox; publicUrl: URL }) {
    const { db } = options.database;
    const { clock, box, publicUrl } = options;
    super(
      { ...WEBHOOK_TIMING, ...options },
      {
        table: 'webhook_deliveries',
        channel: WEBHOOK_CHANNEL,
        columns: 'endpoint_id, message_id, payload',
        async deliver(delivery) {
          const log = async (values: Partial<typeof webhookDeliveries.$inferInsert>) => {
            await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, delivery.id));
            await recordChange(db, { table: 'webhook_deliveries', action: 'update', id: String(delivery.id) });
          };
          const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpoint_id));
          if (!endpoint) return 'discard';
          if (endpoint.pausedAt) {
            await log({ lastError: text.errors.paused });
            return 'abandon';
          }
          const secret = box.open(endpoint.secretSealed);
          // Sealed under another SECRETS_KEY: this instance cannot sign; another one may.
          if (secret === null) throw new Error('the endpoint secret cannot be opened here (SECRETS_KEY)');
          const body = JSON.stringify(delivery.payload);
          const headers = { ...signedHeaders(secret, delivery.message_id, clock.now(), body), 'user-agent': 'Mesa-Webhooks/1' };
          const outcome = await postWebhook({ url: endpoint.url, body, headers, policy: { allowLocal: endpoint.allowLocal } }).catch((error: unknown) => {
            if (error instanceof WebhookSendError) return error;
            throw error;
          });
          const durationMs = outcome.durationMs;
          if (!(outcome instanceof WebhookSendError) && outcome.ok) {
            await log({ lastStatus: outcome.status, lastDurationMs: durationMs });
            await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
            return 'sent';
          }
          const reason = failureText(outcome);
          await log({ lastStatus: outcome instanceof WebhookSendError ? null : outcome.status, lastDurationMs: durationMs, lastError: reason });
          if (await noteFailure(db, endpoint.id, clock.now(), publicUrl)) return 'abandon';
          throw new Error(reason);
        },
      },
    );
  }
}
