// Queuing a message to a guest (issue 46): written in the caller's transaction, so it is sent only if that commits,
// and delivered by the messaging worker (worker.ts) exactly once across instances.
import { sql } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages.ts';
import type { MessageChannel, MessageKind } from '@shared/schemas/messaging.ts';
import type { Executor } from '../../db/client.ts';
import { guestMessages, type MessageContent, type OutboxLink } from '../../db/schema.ts';
import { type NewEmail, withdrawHeld } from '../../platform/outbox.ts';

export const MESSAGES_CHANNEL = 'mesa_messages';

export interface NewGuestMessage {
  channel: MessageChannel;
  kind: MessageKind;
  /** The guest's number in E.164. */
  to: string;
  language: Language;
  /** The message as staff read it in 'Mensajes' (a link as its placeholder). */
  body: string;
  content: MessageContent;
  reservationId?: string | null;
  waitlistEntryId?: string | null;
  /** A private link minted at delivery; the content holds its placeholder. */
  link?: OutboxLink | null;
  /** Sent instead if the message cannot be delivered after the last try. */
  fallbackEmail?: NewEmail | null;
  /** As for emails: not sent before this many ms, and withdrawn by the staff change's 'Deshacer' while it waits. */
  deferMs?: number;
  undoGroup?: string;
}

export async function queueGuestMessage(tx: Executor, message: NewGuestMessage): Promise<void> {
  await tx.insert(guestMessages).values({
    direction: 'out',
    channel: message.channel,
    kind: message.kind,
    phoneE164: message.to,
    language: message.language,
    body: message.body,
    content: message.content,
    reservationId: message.reservationId ?? null,
    waitlistEntryId: message.waitlistEntryId ?? null,
    link: message.link ?? null,
    fallbackEmail: message.fallbackEmail ? { ...message.fallbackEmail } : null,
    status: 'queued',
    undoGroup: message.undoGroup ?? null,
    ...(message.deferMs ? { nextAttemptAt: sql`now() + make_interval(secs => ${message.deferMs / 1000})` } : {}),
  });
  if (!message.deferMs) await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, '')`);
}

/** 'Deshacer' takes back the messages its change queued, as it does the emails (false: one is gone). */
export const withdrawHeldMessages = (tx: Executor, undoGroup: string) => withdrawHeld(tx, 'guest_messages', undoGroup);
