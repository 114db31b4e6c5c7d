// An endpoint's delivery log, 'Reenviar' and 'Enviar prueba' (issue 48, item 3).
import { and, desc, eq, lt } from 'drizzle-orm';
import type { WebhookDeliveryView, WebhookEvent } from '@shared/schemas/webhooks.ts';
import { webhooksMessages } from '@shared/staff-messages/webhooks.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import type { Database, Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { runOncePerDay, type ScheduledJob } from '../../platform/scheduler.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { newMessageId, wakeWebhookWorkers, webhookBody } from './queue.ts';

const text = webhooksMessages;
/** The log shows the latest deliveries; older ones are deleted after 30 days (retention, decision 051). */
export const WEBHOOK_LOG_SIZE = 50;
export const WEBHOOK_DELIVERY_KEEP_DAYS = 30;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const toView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  messageId: row.messageId,
  event: row.event as WebhookEvent,
  test: row.test,
  createdAt: row.createdAt.toISOString(),
  attempts: row.attempts,
  state: row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'pending',
  lastStatus: row.lastStatus,
  lastDurationMs: row.lastDurationMs,
  lastError: row.lastError,
});

async function endpointExists(db: Executor, id: string): Promise<void> {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw notFound(text.errors.notFound);
}

export async function deliveryLog(db: Executor, endpointId: string): Promise<WebhookDeliveryView[]> {
  await endpointExists(db, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_SIZE);
  return rows.map(toView);
}

/** 'Reenviar': the same message (same webhook-id, so the receiver can tell it is a repeat) queued again now. */
export async function resendDelivery({ db, clock }: ServiceDeps, endpointId: string, deliveryId: number): Promise<WebhookDeliveryView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ sentAt: null, failedAt: null, attempts: 0, nextAttemptAt: clock.now(), lockedUntil: null, lockedBy: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning();
    if (!row) throw notFound(text.errors.notFound);
    await recordChange(tx, { table: 'webhook_deliveries', action: 'update', id: String(row.id) });
    await wakeWebhookWorkers(tx);
    return toView(row);
  });
}

/** 'Enviar prueba': a sample booking, sent to this endpoint alone like any delivery, marked as a test. */
export async function sendTestDelivery({ db, clock }: ServiceDeps, endpointId: string): Promise<WebhookDeliveryView> {
  return db.transaction(async (tx) => {
    await endpointExists(tx, endpointId);
    const now = clock.now();
    const data = { test: true, id: '00000000-0000-4000-8000-000000000000', reservationDate: now.toISOString().slice(0, 10), reservationTime: '21:00', numberOfPeople: 2, status: 'confirmed' };
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, messageId: newMessageId(), event: 'reservation.created', payload: webhookBody('reservation.created', now, data), test: true, createdAt: now, nextAttemptAt: now })
      .returning();
    await recordChange(tx, { table: 'webhook_deliveries', action: 'insert', id: String(row!.id) });
    await wakeWebhookWorkers(tx);
    return toView(row!);
  });
}

/** Deliveries older than 30 days go: their bodies name guests. */
export async function pruneDeliveries(db: Executor, now: Date): Promise<void> {
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_DELIVERY_KEEP_DAYS * 86_400_000)));
}

/** Once a day, by one instance: the log's old deliveries go. */
export const webhookPruneJob = (db: Database, instanceId: string): ScheduledJob => ({
  name: 'webhook-prune',
  tick: (now) => runOncePerDay(db, 'webhook-prune', madridToday(now), instanceId, () => pruneDeliveries(db, now)),
});
