// The owner's webhook endpoints (issue 48, item 3; decision 051): added in Configuración › Integraciones with their
// secret shown once and sealed at rest, changed, resumed after a pause, removed; each a line in Seguridad, since an
// endpoint sends the restaurant's bookings to another system.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import type { WebhookEndpointCreated, WebhookEndpointView, WebhookEvent, webhookEndpointInputSchema } from '@shared/schemas/webhooks.ts';
import { webhooksMessages } from '@shared/staff-messages/webhooks.ts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { addressKind, bareHost } from './address-guard.ts';
import { newWebhookSecret } from './signing.ts';

const text = webhooksMessages;
type EndpointInput = z.output<typeof webhookEndpointInputSchema>;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

const toView = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  allowLocal: row.allowLocal,
  createdAt: row.createdAt.toISOString(),
  pausedAt: row.pausedAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
});

const describe = (row: Pick<EndpointRow, 'url' | 'events'>) => formatMessage(text.change, { url: row.url, events: row.events.join(', ') });

const urlError = (message: string) => new AppError(400, 'validation_failed', message, { url: message });

/**
 * The address as it resolves now: refused at once when it could never be delivered to (checked again at every
 * delivery, since a name can change what it points to).
 */
async function checkDestination(input: EndpointInput): Promise<void> {
  const host = bareHost(new URL(input.url));
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((found) => found.address);
  } catch {
    throw urlError(text.errors.unresolved);
  }
  const kinds = addresses.map(addressKind);
  if (kinds.includes('never')) throw urlError(text.errors.refused);
  if (kinds.includes('local') && !input.allowLocal) throw urlError(text.errors.localRefused);
  if (input.url.toLowerCase().startsWith('http://') && kinds.includes('public')) throw urlError(text.validation.httpsRequired);
}

export async function listWebhookEndpoints(db: Executor): Promise<WebhookEndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toView);
}

export async function createWebhookEndpoint(
  { db, clock }: ServiceDeps,
  box: SecretBox,
  input: EndpointInput,
  creator: { userId: string; actor: SensitiveActor },
): Promise<WebhookEndpointCreated> {
  await checkDestination(input);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({ url: input.url, events: [...input.events], allowLocal: input.allowLocal, secretSealed: box.seal(secret), createdBy: creator.userId, createdAt: clock.now() })
      .returning();
    await recordChange(tx, { table: 'webhook_endpoints', action: 'insert', id: inserted!.id });
    await recordSensitiveChange(tx, { at: clock.now(), actor: creator.actor, action: 'webhook_added', detail: describe(inserted!) });
    return inserted!;
  });
  return { endpoint: toView(row), secret };
}

/** A change of address, events or 'Red local'; the secret stays. Resumes a paused endpoint too. */
export async function updateWebhookEndpoint({ db, clock }: ServiceDeps, id: string, input: EndpointInput, actor: SensitiveActor): Promise<WebhookEndpointView> {
  await checkDestination(input);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ url: input.url, events: [...input.events], allowLocal: input.allowLocal, pausedAt: null, failingSince: null })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!updated) throw notFound(text.errors.notFound);
    await recordChange(tx, { table: 'webhook_endpoints', action: 'update', id });
    await recordSensitiveChange(tx, { at: clock.now(), actor, action: 'webhook_changed', detail: describe(updated) });
    return toView(updated);
  });
}

/** Its deliveries go with it. */
export async function removeWebhookEndpoint({ db, clock }: ServiceDeps, id: string, actor: SensitiveActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!removed) throw notFound(text.errors.notFound);
    await recordChange(tx, { table: 'webhook_endpoints', action: 'delete', id });
    await recordSensitiveChange(tx, { at: clock.now(), actor, action: 'webhook_removed', detail: describe(removed) });
  });
}
