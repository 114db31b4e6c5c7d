// 'Correo saliente' (issue 20): the SMTP server the owner sets in the browser, the transport every email goes
// through (SMTP_URL when set, else these settings, else .eml files in DATA_DIR/outbox), and the test email.
import { eq } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import { mailSettingsMessages } from '@shared/staff-messages/settings.ts';
import type { MailSettingsInput, MailSettingsView, MailTestResult } from '@shared/schemas/mail-settings.ts';
import type { Executor } from '../../db/client.ts';
import { mailSettings } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { emlFileTransport, type MailTransport, smtpTransport } from '../../platform/mailer.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { type ChangeNotice, describeServer, serverChanged, tellOwnersThroughPrevious } from './change-notice.ts';
import type { MailContext } from './context.ts';
import { type MailSettingsRow, sendFailed, smtpOptions, TEST_TIMEOUTS, UnreadablePasswordError } from './smtp.ts';

const text = mailSettingsMessages;

export { type MailContext, mailContext } from './context.ts';

const findSettings = (db: Executor, { forUpdate = false } = {}) => {
  const query = db.select().from(mailSettings).where(eq(mailSettings.id, 1));
  return (forUpdate ? query.for('update') : query).then((rows) => rows[0] ?? null);
};

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

/**
 * Saving or removing the server is the owner's alone (shared/rules/permissions.ts) and a line in Seguridad; when
 * mail would go elsewhere, the owners are told through the previous server after the change commits (issue 41).
 */
export async function saveMailSettings(
  deps: ServiceDeps,
  context: MailContext,
  input: Required<Omit<MailSettingsInput, 'password'>> & { password?: string | undefined; username: string | null },
  actor: SensitiveActor,
  log: ErrorLog,
): Promise<MailSettingsView> {
  const notice = await deps.db.transaction(async (tx) => {
    const current = await findSettings(tx, { forUpdate: true });
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
    const [next] = await tx
      .insert(mailSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: mailSettings.id, set: values })
      .returning();
    await recordChange(tx, { table: 'mail_settings', action: 'update', id: '1' });
    return recordServerChange(tx, { previous: current, next: next!, actor, at: deps.clock.now() }, 'mail_settings_saved');
  });
  if (notice) tellOwnersInBackground(deps, context, notice, log);
  return mailSettingsView(deps, context);
}

export async function removeMailSettings(deps: ServiceDeps, context: MailContext, actor: SensitiveActor, log: ErrorLog): Promise<MailSettingsView> {
  const notice = await deps.db.transaction(async (tx) => {
    const current = await findSettings(tx, { forUpdate: true });
    await tx.delete(mailSettings);
    await recordChange(tx, { table: 'mail_settings', action: 'delete', id: '1' });
    return recordServerChange(tx, { previous: current, next: null, actor, at: deps.clock.now() }, 'mail_settings_removed');
  });
  if (notice) tellOwnersInBackground(deps, context, notice, log);
  return mailSettingsView(deps, context);
}

/** The Seguridad line; the notice to send when the server really changed. */
async function recordServerChange(
  tx: Executor,
  notice: ChangeNotice,
  action: 'mail_settings_saved' | 'mail_settings_removed',
): Promise<ChangeNotice | null> {
  const detail = `${describeServer(notice.previous)} → ${describeServer(notice.next)}`;
  await recordSensitiveChange(tx, { at: notice.at, actor: notice.actor, action, detail });
  return serverChanged(notice.previous, notice.next) ? notice : null;
}

/** Not awaited: the owner's save answers at once, whatever the previous server does (TEST_TIMEOUTS bound it). */
function tellOwnersInBackground(deps: ServiceDeps, context: MailContext, notice: ChangeNotice, log: ErrorLog): void {
  tellOwnersThroughPrevious(deps, context, notice).catch((error: unknown) => log.error({ err: error }, 'mail change notice could not be recorded'));
}

/** The request's logger: the owners' notice fails after the answer, where only the log can tell. */
export interface ErrorLog {
  error(details: object, message: string): void;
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
