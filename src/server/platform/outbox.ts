import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { emailOutbox, type OutboxAttachment } from '../db/schema.ts';
import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker.ts';
import type { MailTransport } from './mailer.ts';

export const OUTBOX_CHANNEL = 'mesa_outbox';

export interface NewEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  reservationId?: string | null;
  attachments?: OutboxAttachment[];
}

/** Queues an email in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(tx: Executor, email: NewEmail): Promise<void> {
  await enqueueEmails(tx, [email]);
}

/** Several emails in one insert and one wake-up of the workers (a booking's guest and staff emails). */
export async function enqueueEmails(tx: Executor, emails: readonly NewEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.insert(emailOutbox).values(
    emails.map((email) => ({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      reservationId: email.reservationId ?? null,
      attachments: email.attachments?.length ? email.attachments : null,
    })),
  );
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

export interface OutboxWorkerOptions extends DeliveryWorkerOptions {
  transport: MailTransport;
  from: string;
  messageIdDomain: string;
}

interface QueuedEmail {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: OutboxAttachment[] | null;
}

/** Sends the rows of email_outbox through the mail transport. */
export class OutboxWorker extends DeliveryWorker<QueuedEmail> {
  constructor(options: OutboxWorkerOptions) {
    super(options, {
      table: 'email_outbox',
      channel: OUTBOX_CHANNEL,
      columns: 'to_address, subject, text_body, html_body, attachments',
      async deliver(email) {
        await options.transport.send({
          from: options.from,
          to: email.to_address,
          subject: email.subject,
          text: email.text_body,
          html: email.html_body,
          attachments: email.attachments ?? [],
          messageId: `<outbox-${email.id}@${options.messageIdDomain}>`,
        });
        return 'sent';
      },
    });
  }
}
