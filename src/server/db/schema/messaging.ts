// WhatsApp and SMS (issue 46, decision 042): the owner's provider settings (secrets sealed like the SMTP password),
// the guests' consents and opt-outs, and every message sent or received, which is also the messages' outbox.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS, MESSAGE_KINDS, MESSAGE_STATUSES, type MessageTemplateNames } from '@shared/schemas/messaging.ts';
import { createdAt, deliveryColumns, dueIndex, guestLanguage, instant, oneOf } from './columns.ts';
import type { OutboxLink } from './delivery.ts';
import { reservations } from './reservations.ts';
import { waitlistEntries } from './waitlist.ts';

/** 'Mensajería': one row; each channel is on once its keys are saved and its switch is on. */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    id: integer('id').primaryKey().default(1),
    whatsappEnabled: boolean('whatsapp_enabled').notNull().default(false),
    whatsappPhoneNumberId: text('whatsapp_phone_number_id'),
    whatsappAccessTokenCiphertext: text('whatsapp_access_token_ciphertext'),
    whatsappAppSecretCiphertext: text('whatsapp_app_secret_ciphertext'),
    whatsappVerifyTokenCiphertext: text('whatsapp_verify_token_ciphertext'),
    /** One approved template name per message kind. */
    whatsappTemplates: jsonb('whatsapp_templates').$type<MessageTemplateNames>(),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    twilioAccountSid: text('twilio_account_sid'),
    twilioAuthTokenCiphertext: text('twilio_auth_token_ciphertext'),
    /** A sender number in E.164 or a Messaging Service SID (MG…). */
    twilioSender: text('twilio_sender'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('messaging_settings_singleton', sql`${t.id} = 1`)],
);

/** A guest's yes to messages on a channel, with the words they read; withdrawn by 'BAJA' / 'STOP'. */
export const messagingConsents = pgTable(
  'messaging_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    phoneE164: text('phone_e164').notNull(),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    waitlistEntryId: uuid('waitlist_entry_id').references(() => waitlistEntries.id, { onDelete: 'set null' }),
    language: guestLanguage(),
    consentText: text('consent_text').notNull(),
    /** The version of the consent's words (CONSENT_TEXT_VERSION when given). */
    textVersion: text('text_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('messaging_consents_channel', oneOf('channel', MESSAGE_CHANNELS)),
    index('messaging_consents_phone_idx').on(t.phoneE164),
    index('messaging_consents_reservation_idx').on(t.reservationId),
  ],
);

/** A number that answered 'BAJA' or 'STOP': nothing more is sent to it on that channel until it opts in again. */
export const messagingOptOuts = pgTable(
  'messaging_opt_outs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    phoneE164: text('phone_e164').notNull(),
    /** The word the guest sent. */
    keyword: text('keyword').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('messaging_opt_outs_channel', oneOf('channel', MESSAGE_CHANNELS)), index('messaging_opt_outs_phone_idx').on(t.phoneE164, t.channel)],
);

/** What a queued message sends: a template with its body parameters (WhatsApp) or a text; the link's placeholder in either. */
export type MessageContent =
  | { type: 'template'; name: string; language: string; parameters: string[]; quickReplies?: string[] }
  | { type: 'text'; text: string };

/**
 * Every message to or from a guest. An outgoing one is queued here in the change's transaction and delivered by the
 * messaging worker (the delivery columns); an incoming one is written already delivered (sent_at = received).
 */
export const guestMessages = pgTable(
  'guest_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    waitlistEntryId: uuid('waitlist_entry_id').references(() => waitlistEntries.id, { onDelete: 'set null' }),
    /** The guest's number in E.164. */
    phoneE164: text('phone_e164').notNull(),
    language: guestLanguage(),
    /** The message as staff read it (a link shows as its placeholder, never a token). */
    body: text('body').notNull(),
    content: jsonb('content').$type<MessageContent>(),
    link: jsonb('link').$type<OutboxLink>(),
    /** The email sent instead when the message cannot be delivered (null: the guest gave no email). */
    fallbackEmail: jsonb('fallback_email').$type<Record<string, unknown>>(),
    fellBackAt: instant('fell_back_at'),
    providerMessageId: text('provider_message_id'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    statusAt: instant('status_at'),
    /** An answer: what it meant (confirm, cancel, stop, message) and what Mesa did with it. */
    meaning: text('meaning'),
    outcome: text('outcome'),
    /** The message an answer replied to. */
    inReplyTo: integer('in_reply_to'),
    undoGroup: uuid('undo_group'),
    ...deliveryColumns(),
  },
  (t) => [
    check('guest_messages_direction', oneOf('direction', MESSAGE_DIRECTIONS)),
    check('guest_messages_channel', oneOf('channel', MESSAGE_CHANNELS)),
    check('guest_messages_status', oneOf('status', MESSAGE_STATUSES)),
    dueIndex('guest_messages_due_idx', t.nextAttemptAt),
    uniqueIndex('guest_messages_provider_id_key').on(t.channel, t.providerMessageId).where(sql`provider_message_id is not null`),
    index('guest_messages_reservation_idx').on(t.reservationId, t.createdAt),
    index('guest_messages_phone_idx').on(t.phoneE164, t.createdAt),
    index('guest_messages_undo_group_idx').on(t.undoGroup).where(sql`undo_group is not null`),
  ],
);
