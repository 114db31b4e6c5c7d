// The SMTP server of Correo saliente as nodemailer takes it, and a send's failure in the owner's words.
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { formatMessage } from '@shared/messages.ts';
import { mailSettingsMessages } from '@shared/staff-messages/settings.ts';
import type { mailSettings } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

const text = mailSettingsMessages;
export type MailSettingsRow = typeof mailSettings.$inferSelect;

/** Thrown by a send when the saved password was sealed under another key: the outbox retries it later. */
export class UnreadablePasswordError extends Error {
  constructor() {
    super('the saved SMTP password cannot be decrypted with this server\'s key (SECRETS_KEY or DATA_DIR/secrets-key)');
  }
}

export function smtpOptions(row: MailSettingsRow, box: SecretBox): SMTPTransport.Options {
  const password = row.passwordCiphertext === null ? null : box.open(row.passwordCiphertext);
  if (row.passwordCiphertext !== null && password === null) throw new UnreadablePasswordError();
  return {
    host: row.host,
    port: row.port,
    secure: row.security === 'tls',
    requireTLS: row.security === 'starttls',
    ignoreTLS: row.security === 'none',
    ...(row.username ? { auth: { user: row.username, pass: password ?? '' } } : {}),
  };
}

/** A person waits for the answer: a dead server should say so in seconds, not in the outbox's minute. */
export const TEST_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

type FailureReason = Exclude<keyof typeof text.errors, 'notConfigured' | 'environment' | 'sendFailed'>;
interface SendError {
  code?: string;
  response?: string;
  message?: string;
}

/** Nodemailer's error codes and messages, in the order they are told apart. */
const FAILURES: readonly [FailureReason, (error: SendError) => boolean][] = [
  ['auth', (e) => e.code === 'EAUTH'],
  ['tls', (e) => e.code === 'ETLS' || /certificate|ssl|tls/i.test(e.message ?? '')],
  ['unreachable', (e) => e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(e.message ?? '')],
  ['refused', (e) => /ECONNREFUSED/.test(e.message ?? '')],
  ['timeout', (e) => e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '')],
  ['rejected', (e) => e.code === 'EENVELOPE' || e.code === 'EMESSAGE'],
];

/** Why a send failed, as the owner can act on it; the server's own reply is quoted when there is one. */
export function failureReason(error: unknown): string {
  const failure = error as SendError;
  const reason: FailureReason =
    error instanceof UnreadablePasswordError
      ? 'unreadablePassword'
      : (FAILURES.find(([, matches]) => matches(failure))?.[0] ?? 'other');
  const response = (failure.response ?? failure.message ?? '').replace(/\s+/g, ' ').slice(0, 200);
  return formatMessage(text.errors[reason], { response });
}

export const sendFailed = (error: unknown): AppError =>
  new AppError(422, 'mail_test_failed', formatMessage(text.errors.sendFailed, { reason: failureReason(error) }));
