// 'Correo saliente' (issue 20): the SMTP server the owner sets in the browser, the transport every email goes
// through (SMTP_URL when set, else these settings, else .eml files in DATA_DIR/outbox), and the test email.
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { formatMessage } from '@shared/messages.ts';
import { mailSettingsMessages } from '@shared/staff-messages/settings.ts';
import type { MailSettingsInput, MailSettingsView, MailTestResult } from '@shared/schemas/mail-settings.ts';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { mailSettings } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { emlFileTransport, type MailTransport, smtpTransport } from '../../platform/mailer.ts';
import { secretBox, type SecretBox } from '../../platform/secret-box.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getRestaurantConfig } from '../settings/service.ts';

const text = mailSettingsMessages;
type MailSettingsRow = typeof mailSettings.$inferSelect;

/** What the mail settings need from the server's configuration. */
export interface MailContext {
  smtpUrl: string | undefined;
  box: SecretBox;
  outboxDirectory: string;
}

export const mailContext = (config: Pick<Config, 'smtpUrl' | 'secretsKey' | 'dataDir'>): MailContext => ({
  smtpUrl: config.smtpUrl,
  box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
  outboxDirectory: join(config.dataDir, 'outbox'),
});

const findSettings = (db: Executor) =>
  db.select().from(mailSettings).where(eq(mailSettings.id, 1)).then((rows) => rows[0] ?? null);

/** Are guests' emails really sent (SMTP_URL or a server set here), or only written to files? */
export async function mailDeliveryConfigured(db: Executor, context: MailContext): Promise<boolean> {
  return context.smtpUrl !== undefined || (await findSettings(db)) !== null;
}

export async function mailSettingsView({ db }: ServiceDeps, context: MailContext): Promise<MailSettingsView> {
  const row = await findSettings(db);
  return {
    source: context.smtpUrl ? 'environment' : row ? 'settings' : 'none',
    environmentHost: context.smtpUrl ? new URL(context.smtpUrl).host : null,
    settings: row && {
      host: row.host,
      port: row.port,
      security: row.security,
      username: row.username,
      sender: row.sender,
      passwordSaved: row.passwordCiphertext !== null,
      passwordReadable: row.passwordCiphertext !== null && context.box.open(row.passwordCiphertext) !== null,
    },
    outboxDirectory: context.outboxDirectory,
  };
}

export async function saveMailSettings(
  deps: ServiceDeps,
  context: MailContext,
  input: Required<Omit<MailSettingsInput, 'password'>> & { password?: string | undefined; username: string | null },
): Promise<MailSettingsView> {
  await deps.db.transaction(async (tx) => {
    const current = await findSettings(tx);
    const passwordCiphertext =
      input.username === null ? null : input.password ? context.box.seal(input.password) : (current?.passwordCiphertext ?? null);
    const values = {
      host: input.host,
      port: input.port,
      security: input.security,
      username: input.username,
      passwordCiphertext,
      sender: input.sender,
      updatedAt: deps.clock.now(),
    };
    await tx.insert(mailSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: mailSettings.id, set: values });
    await recordChange(tx, { table: 'mail_settings', action: 'update', id: '1' });
  });
  return mailSettingsView(deps, context);
}

export async function removeMailSettings(deps: ServiceDeps, context: MailContext): Promise<MailSettingsView> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(mailSettings);
    await recordChange(tx, { table: 'mail_settings', action: 'delete', id: '1' });
  });
  return mailSettingsView(deps, context);
}

/** Thrown by a send when the saved password was sealed under another key: the outbox retries it later. */
class UnreadablePasswordError extends Error {
  constructor() {
    super('the saved SMTP password cannot be decrypted with this server\'s key (SECRETS_KEY or DATA_DIR/secrets-key)');
  }
}

function smtpOptions(row: MailSettingsRow, box: SecretBox): SMTPTransport.Options {
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

/** The same row gives the same pooled connection; a change of settings builds a new one. */
const revisionOf = (row: MailSettingsRow) => `${row.updatedAt.toISOString()}|${row.passwordCiphertext ?? ''}`;

/**
 * The transport the outbox sends through. SMTP_URL fixes it at start; otherwise each send reads the settings, so a
 * server saved in the browser (on any instance) is used from the next email on, with the restaurant's name and the
 * sender set there as From.
 */
export function configuredMailTransport(
  db: Executor,
  context: MailContext,
  log: { info(line: string): void; warn(line: string): void },
): MailTransport {
  if (context.smtpUrl) return smtpTransport(context.smtpUrl);
  const files = emlFileTransport(context.outboxDirectory, (line) => log.info(line));
  let current: { revision: string; transport: MailTransport } | null = null;
  let warnedUnreadable: string | null = null;
  const transportFor = (row: MailSettingsRow) => {
    if (current?.revision !== revisionOf(row)) {
      current?.transport.close();
      current = { revision: revisionOf(row), transport: smtpTransport(smtpOptions(row, context.box)) };
    }
    return current.transport;
  };
  return {
    description: `the SMTP server of Configuración › Correo saliente, or .eml files in ${context.outboxDirectory} while none is set`,
    async canSend() {
      const row = await findSettings(db);
      if (!row?.passwordCiphertext || context.box.open(row.passwordCiphertext) !== null) return true;
      if (warnedUnreadable !== revisionOf(row)) {
        warnedUnreadable = revisionOf(row);
        log.warn(`${new UnreadablePasswordError().message}: this instance sends no email; give every instance the same SECRETS_KEY`);
      }
      return false;
    },
    async send(email) {
      const row = await findSettings(db);
      if (!row) return files.send(email);
      const { name } = await getRestaurantConfig(db);
      return transportFor(row).send({ ...email, from: { name, address: row.sender } });
    },
    close() {
      files.close();
      current?.transport.close();
    },
  };
}

/** The test email goes out at once, to the signed-in account, and any failure is said in Spanish. */
export async function sendTestEmail(deps: ServiceDeps, context: MailContext, to: string, mailFrom: string): Promise<MailTestResult> {
  const row = context.smtpUrl ? null : await findSettings(deps.db);
  if (!context.smtpUrl && !row) throw new AppError(409, 'mail_not_configured', text.errors.notConfigured);
  const { name } = await getRestaurantConfig(deps.db);
  let transport: MailTransport;
  try {
    transport = smtpTransport(context.smtpUrl ?? smtpOptions(row!, context.box), TEST_TIMEOUTS);
  } catch (error) {
    throw sendFailed(error);
  }
  try {
    await transport.send({
      from: row ? { name, address: row.sender } : mailFrom,
      to,
      subject: formatMessage(text.testSubject, { name }),
      text: formatMessage(text.testBody, { name }),
      messageId: `<mail-test-${deps.clock.now().getTime()}@${deps.publicUrl.hostname}>`,
    });
  } catch (error) {
    throw sendFailed(error);
  } finally {
    transport.close();
  }
  return { to };
}

/** A person waits for the answer: a dead server should say so in seconds, not in the outbox's minute. */
const TEST_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

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

/** The failure as the owner can act on it; the server's own reply is quoted when there is one. */
function sendFailed(error: unknown): AppError {
  const failure = error as SendError;
  const reason: FailureReason =
    error instanceof UnreadablePasswordError
      ? 'unreadablePassword'
      : (FAILURES.find(([, matches]) => matches(failure))?.[0] ?? 'other');
  const response = (failure.response ?? failure.message ?? '').replace(/\s+/g, ' ').slice(0, 200);
  const message = formatMessage(text.errors.sendFailed, { reason: formatMessage(text.errors[reason], { response }) });
  return new AppError(422, 'mail_test_failed', message);
}
