import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.ts';
import { foldLine } from '@shared/rules/ical.ts';
import type { Executor } from '../db/client.ts';
import { emailOutbox, type OutboxAttachment, type OutboxLink } from '../db/schema.ts';
import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker.ts';
import { senderName, subjectWithRestaurant } from '@shared/rules/email-sender.ts';
import { mailAddress } from '../config.ts';
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
  /** A private link to mint at delivery; the bodies and attachments hold its placeholder where the token goes. */
  link?: OutboxLink | null;
  /**
   * Not sent before this many ms from now, and by a worker's regular poll rather than a wake-up from this request:
   * what its delivery does (which may depend on data the answer must not reveal) cannot shape that answer's timing.
   */
  deferMs?: number;
  /** The staff change whose 'Deshacer' withdraws this email while it waits (with deferMs past the undo window). */
  undoGroup?: string;
}

/**
 * What stands for a token in a queued email until delivery: random per email, so no text a guest or the owner
 * types can stand for it, and not token-shaped (24 hex digits after a prefix), so nothing takes it for a token.
 */
export const newLinkPlaceholder = () => `mesa-enlace-${randomBytes(12).toString('hex')}`;

/** Every placeholder newLinkPlaceholder makes, for showing a queued text to staff without one. */
export const LINK_PLACEHOLDERS = /mesa-enlace-[0-9a-f]{24}/g;

/**
 * Queues an email in the caller's transaction: it is sent only if that transaction commits. `now` is the injected
 * clock's, which the workers compare the row's next attempt with: not the database's now().
 */
export async function enqueueEmail(tx: Executor, email: NewEmail, now: Date): Promise<void> {
  await enqueueEmails(tx, [email], now);
}

/** Several emails in one insert and one wake-up of the workers (a booking's guest and staff emails). */
export async function enqueueEmails(tx: Executor, emails: readonly NewEmail[], now: Date): Promise<void> {
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
      link: email.link ?? null,
      undoGroup: email.undoGroup ?? null,
      nextAttemptAt: new Date(now.getTime() + (email.deferMs ?? 0)),
    })),
  );
  // A deferred email is not due yet: the workers' regular poll takes it, not a pass started by this request.
  if (emails.some((email) => !email.deferMs)) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/**
 * An undo takes back what its change queued (guest emails, guest messages): the rows are deleted unless a worker has
 * already sent them or holds them now. False (nothing deleted) when one is gone or going: the caller must then refuse
 * the undo.
 */
export async function withdrawHeld(tx: Executor, table: 'email_outbox' | 'guest_messages', undoGroup: string): Promise<boolean> {
  const name = sql.identifier(table);
  const held = await rowsOf<{ gone: boolean }>(
    tx,
    sql`select (sent_at is not null or locked_until is not null) as gone from ${name} where undo_group = ${undoGroup} for update`,
  );
  if (held.some((row) => row.gone)) return false;
  if (held.length > 0) await tx.execute(sql`delete from ${name} where undo_group = ${undoGroup}`);
  return true;
}

export const withdrawHeldEmails = (tx: Executor, undoGroup: string) => withdrawHeld(tx, 'email_outbox', undoGroup);

/**
 * Issues the token a link needs (storing only its hash) and returns it, or null when there is nothing to send:
 * the reservation is gone, or no account has the email a reset was asked for.
 */
export type LinkMinter = (link: OutboxLink) => Promise<string | null>;

export interface OutboxWorkerOptions extends DeliveryWorkerOptions {
  transport: MailTransport;
  /** MAIL_FROM: its address is the sender's; the display name is the restaurant's (restaurantName). */
  from: string;
  /** The restaurant's name at delivery: the sender's display name and part of every subject (decision 056). */
  restaurantName: () => Promise<string>;
  messageIdDomain: string;
  mintLink: LinkMinter;
}

export interface QueuedEmail {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: OutboxAttachment[] | null;
  link: OutboxLink | null;
}

/** The email as it leaves: held in memory only, never written back to the row. */
export interface RenderedEmail {
  text: string;
  html: string | null;
  attachments: OutboxAttachment[];
}

const CALENDAR = /^text\/calendar/i;

/** Puts the token in an .ics: unfolded first, since folding may split the placeholder, then folded again. */
function mintIntoCalendar(attachment: OutboxAttachment, placeholder: string, token: string): OutboxAttachment {
  const ics = Buffer.from(attachment.contentBase64, 'base64').toString('utf8').replace(/\r\n[ \t]/g, '');
  const filled = ics.split(placeholder).join(token).split('\r\n').map(foldLine).join('\r\n');
  return { ...attachment, contentBase64: Buffer.from(filled, 'utf8').toString('base64') };
}

/** The bodies with a freshly minted token in place of the placeholder, or null when the email is not to be sent. */
export async function renderQueuedEmail(email: QueuedEmail, mintLink: LinkMinter): Promise<RenderedEmail | null> {
  const attachments = email.attachments ?? [];
  if (!email.link) return { text: email.text_body, html: email.html_body, attachments };
  const token = await mintLink(email.link);
  if (token === null) return null;
  const { placeholder } = email.link;
  const fill = (body: string) => body.split(placeholder).join(token);
  return {
    text: fill(email.text_body),
    html: email.html_body === null ? null : fill(email.html_body),
    attachments: attachments.map((file) => (CALENDAR.test(file.contentType) ? mintIntoCalendar(file, placeholder, token) : file)),
  };
}

export const QUEUED_EMAIL_COLUMNS = 'to_address, subject, text_body, html_body, attachments, link';

/** Sends the rows of email_outbox through the mail transport, minting each link just before sending. */
export class OutboxWorker extends DeliveryWorker<QueuedEmail> {
  constructor(options: OutboxWorkerOptions) {
    super(options, {
      table: 'email_outbox',
      channel: OUTBOX_CHANNEL,
      columns: QUEUED_EMAIL_COLUMNS,
      async deliver(email) {
        const rendered = await renderQueuedEmail(email, options.mintLink);
        if (!rendered) return 'discard';
        const restaurant = await options.restaurantName();
        await options.transport.send({
          from: { name: senderName(restaurant), address: mailAddress(options.from) },
          to: email.to_address,
          subject: subjectWithRestaurant(email.subject, restaurant),
          text: rendered.text,
          html: rendered.html,
          attachments: rendered.attachments,
          messageId: `<outbox-${email.id}@${options.messageIdDomain}>`,
        });
        return 'sent';
      },
      ready: async () => (await options.transport.canSend?.()) ?? true,
    });
  }
}
