// Emails and Web Push waiting for delivery (the outboxes) and the subscriptions they go to.
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deliveryColumns, dueIndex, instant } from './columns.ts';
import { USER_ROLES, users } from './accounts.ts';
import { reservations } from './reservations.ts';

/** An email attached to an outbox row; content is base64. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * The private link an outbox email will carry, named but not minted (decision 012): the delivery worker issues the
 * token just before sending and puts it where `placeholder` stands in the bodies and attachments. No token is stored.
 */
export type OutboxLink =
  | { kind: 'guest_page'; reservationId: string; placeholder: string }
  | { kind: 'password_reset'; email: string; placeholder: string }
  | { kind: 'staff_invitation'; invitationId: string; placeholder: string }
  | { kind: 'waitlist_entry'; entryId: string; placeholder: string }
  | { kind: 'waitlist_offer'; entryId: string; offerId: string; placeholder: string; lapsed?: true }
  | { kind: 'data_erasure'; requestId: string; placeholder: string }
  | { kind: 'feedback'; requestId: string; placeholder: string };

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    ...deliveryColumns(),
    /** Files sent with the email, e.g. the .ics of a confirmation. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    /** The link to mint at delivery; the bodies hold its placeholder. */
    link: jsonb('link').$type<OutboxLink>(),
    /** Held for 'Deshacer': the staff change that caused it; an undo deletes it before it is due (issue 19). */
    undoGroup: uuid('undo_group'),
  },
  (t) => [
    dueIndex('email_outbox_due_idx', t.nextAttemptAt),
    index('email_outbox_undo_group_idx').on(t.undoGroup).where(sql`undo_group is not null`),
    index('email_outbox_reservation_id_idx').on(t.reservationId),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: USER_ROLES }).notNull().default('admin'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: instant('last_success_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_id_idx').on(t.userId)],
);

/** Web Push messages waiting for delivery, written in the transaction of the change that causes them. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    ...deliveryColumns(),
  },
  (t) => [dueIndex('push_outbox_due_idx', t.nextAttemptAt)],
);
