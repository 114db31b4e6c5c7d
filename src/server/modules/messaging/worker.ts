// Delivers the queued guest_messages (issue 46, item 3): each claimed by one worker across instances (the delivery
// worker's lease), its link minted just before sending, the provider's id kept for the receipts and the answers.
// A message given up for good goes by email instead (fallback.ts).
import { eq, sql } from 'drizzle-orm';
import type { MessageChannel } from '@shared/schemas/messaging.ts';
import { guestMessages, type MessageContent, type OutboxLink } from '../../db/schema.ts';
import { DeliveryWorker, type DeliveryWorkerOptions } from '../../platform/delivery-worker.ts';
import type { LinkMinter } from '../../platform/outbox.ts';
import { activeAccounts, type MessagingContext } from './connection.ts';
import { fallBackToEmail } from './fallback.ts';
import { isOptedOut } from './opt-outs.ts';
import { MESSAGES_CHANNEL } from './outbox.ts';
import { PermanentSendError, sendByChannel } from './providers.ts';

interface QueuedMessage {
  channel: MessageChannel;
  phone_e164: string;
  content: MessageContent;
  link: OutboxLink | null;
}

/** The content with a freshly minted token where the link's placeholder stands; null: nothing to send any more. */
async function withLink(message: QueuedMessage, mintLink: LinkMinter): Promise<MessageContent | null> {
  if (!message.link) return message.content;
  const token = await mintLink(message.link);
  if (token === null) return null;
  return JSON.parse(JSON.stringify(message.content).split(message.link.placeholder).join(token)) as MessageContent;
}

export class MessagingWorker extends DeliveryWorker<QueuedMessage> {
  constructor(options: DeliveryWorkerOptions & { context: MessagingContext; mintLink: LinkMinter }) {
    const { db } = options.database;
    const { context, clock } = options;
    super(options, {
      table: 'guest_messages',
      channel: MESSAGES_CHANNEL,
      columns: 'channel, phone_e164, content, link',
      async deliver(message) {
        const refuse = async (reason: string) => {
          await db.update(guestMessages).set({ lastError: reason }).where(eq(guestMessages.id, message.id));
          return 'abandon' as const;
        };
        const accounts = await activeAccounts(db, context.box);
        // The owner switched the channel off (or its keys cannot be read here) since it was queued: email instead.
        if (!(message.channel === 'whatsapp' ? accounts.whatsapp : accounts.sms)) return refuse(`${message.channel} is off`);
        // The guest answered 'BAJA' / 'STOP' after this was queued: by email instead.
        if (await isOptedOut(db, message.phone_e164, message.channel)) return refuse(`${message.phone_e164} opted out`);
        const content = await withLink(message, options.mintLink);
        if (content === null) return 'discard';
        try {
          const providerId = await sendByChannel(accounts, context, message.channel, message.phone_e164, content, message.id);
          if (providerId === null) return refuse(`${message.channel} is off`);
          await db.execute(sql`
            update guest_messages set provider_message_id = ${providerId}, status_at = ${clock.now()},
              status = case when status = 'queued' then 'sent' else status end
            where id = ${message.id}`);
          return 'sent';
        } catch (error) {
          if (error instanceof PermanentSendError) return refuse(error.message);
          throw error;
        }
      },
      gaveUp: (message) => fallBackToEmail(options.database.db, message.id, clock.now()),
    });
  }
}
