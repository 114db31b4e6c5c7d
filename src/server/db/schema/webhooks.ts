// The owner's webhook endpoints and their deliveries (issue 48, item 3; decision 051).
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from '@shared/schemas/webhooks.ts';
import { users } from './accounts.ts';
import { createdAt, deliveryColumns, dueIndex, instant } from './columns.ts';

/**
 * An address the owner's other systems listen at, the events it wants, and its signing secret (sealed with the secret
 * box: the secret signs every delivery, so it cannot be a hash). `failing_since` is the first failure after the last
 * success: 24 hours of it pause the endpoint (`paused_at`) until the owner resumes it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** 'Red local': the address may be on the restaurant's own network (and then may be http). */
    allowLocal: boolean('allow_local').notNull().default(false),
    secretSealed: text('secret_sealed').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    pausedAt: instant('paused_at'),
    failingSince: instant('failing_since'),
  },
  () => [
    check('webhook_endpoints_url_length', sql.raw(`char_length(url) between 1 and ${WEBHOOK_URL_MAX}`)),
    check(
      'webhook_endpoints_events',
      sql.raw(`cardinality(events) >= 1 and events <@ array[${WEBHOOK_EVENTS.map((event) => `'${event}'`).join(', ')}]::text[]`),
    ),
  ],
);

/**
 * One event for one endpoint: both its outbox row (the delivery worker's columns) and its line in the endpoint's log.
 * `message_id` is the `webhook-id` header, the same on every try, so the receiver can drop a repeat. The body names
 * a guest: `reservation_id` lets an erasure find it, and deliveries are kept 30 days.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    reservationId: uuid('reservation_id'),
    /** 'Enviar prueba': a sample, sent like any other and shown as one. */
    test: boolean('test').notNull().default(false),
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    ...deliveryColumns(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_id_key').on(t.messageId),
    dueIndex('webhook_deliveries_due_idx', t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_reservation_idx').on(t.reservationId).where(sql`reservation_id is not null`),
    index('webhook_deliveries_created_at_idx').on(t.createdAt),
  ],
);
