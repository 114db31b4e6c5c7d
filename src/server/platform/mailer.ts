import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface OutgoingEmail {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Stable per outbox row, so a receiver can recognise a retried delivery. */
  messageId: string;
  attachments?: ReadonlyArray<{ filename: string; contentType: string; contentBase64: string }>;
}

export interface MailTransport {
  /** Where mail goes, for the start-up log. */
  readonly description: string;
  send(email: OutgoingEmail): Promise<void>;
  /** False while this transport cannot send anything (a password sealed under another instance's key). */
  canSend?(): Promise<boolean>;
  close(): void;
}

function toNodemailer(email: OutgoingEmail) {
  return {
    from: email.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    messageId: email.messageId,
    ...(email.attachments?.length
      ? {
          attachments: email.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.contentBase64, 'base64'),
          })),
        }
      : {}),
  };
}

/** Well under the outbox lease (5 min): a stalled server must fail the attempt before another worker may take the row. */
export const OUTBOX_SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** An SMTP server named by a URL (SMTP_URL) or by its parts (Configuración › Correo saliente). */
export function smtpTransport(target: string | SMTPTransport.Options, timeouts = OUTBOX_SMTP_TIMEOUTS): MailTransport {
  const options = typeof target === 'string' ? { url: target } : target;
  const transporter = nodemailer.createTransport({ ...options, ...timeouts });
  return {
    description: `SMTP ${typeof target === 'string' ? new URL(target).host : `${target.host}:${target.port}`}`,
    async send(email) {
      await transporter.sendMail(toNodemailer(email));
    },
    close: () => transporter.close(),
  };
}

/** With no SMTP server configured, each message becomes an .eml file: exactly what the guest would receive. */
export function emlFileTransport(directory: string, log: (line: string) => void): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${directory}`,
    async send(email) {
      const info = await transporter.sendMail(toNodemailer(email));
      await mkdir(directory, { recursive: true });
      const file = join(directory, `${email.messageId.replace(/[^a-z0-9.@-]/gi, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`email to ${email.to} written to ${file}`);
    },
    close: () => transporter.close(),
  };
}
