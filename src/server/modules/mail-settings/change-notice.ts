// When Correo saliente changes, every owner is told through the server that was in use before (issue 41): whoever
// points the mail elsewhere reads the new server's mail, so the old one is the owners' only trustworthy channel.
// Sent here rather than through the outbox on purpose: the outbox sends through the current server, the new one.
import { formatMessage } from '@shared/messages.ts';
import { staffDateTimeOf } from '@shared/rules/staff-dates.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { smtpTransport } from '../../platform/mailer.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { activeOwnerEmails } from '../auth/service.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import type { MailContext } from './context.ts';
import { failureReason, type MailSettingsRow, smtpOptions, TEST_TIMEOUTS } from './smtp.ts';

const text = staffEmailMessages.mailServerChanged;

/** The server as the owner recognises it, without its password. */
export function describeServer(row: Pick<MailSettingsRow, 'host' | 'port' | 'username'> | null): string {
  if (!row) return text.none;
  return `${row.host}:${row.port}${row.username ? ` (${row.username})` : ''}`;
}

/** Does the change send mail anywhere else, or as anyone else? */
export function serverChanged(before: MailSettingsRow | null, after: MailSettingsRow | null): boolean {
  if (!before || !after) return before !== after;
  const fields = ['host', 'port', 'security', 'username', 'passwordCiphertext', 'sender'] as const;
  return fields.some((field) => before[field] !== after[field]);
}

export interface ChangeNotice {
  previous: MailSettingsRow | null;
  next: MailSettingsRow | null;
  actor: SensitiveActor;
  at: Date;
}

/**
 * Best effort, with the test email's timeouts: a dead server is often why people change it, so a failure never
 * undoes the change; it is recorded in Seguridad. Nothing to do when the previous server was the `.eml` sink.
 */
export async function tellOwnersThroughPrevious(
  deps: ServiceDeps,
  context: Pick<MailContext, 'smtpUrl' | 'box' | 'mailFrom'>,
  notice: ChangeNotice,
): Promise<void> {
  if (!context.smtpUrl && !notice.previous) return;
  const owners = await activeOwnerEmails(deps.db);
  if (owners.length === 0) return;
  try {
    const { name } = await getRestaurantConfig(deps.db);
    const transport = smtpTransport(context.smtpUrl ?? smtpOptions(notice.previous!, context.box), TEST_TIMEOUTS);
    const when = staffDateTimeOf(notice.at);
    const body = [
      formatMessage(text.intro, { actor: notice.actor.email ?? '', restaurant: name, when, ip: notice.actor.ipAddress ?? '' }),
      formatMessage(text.servers, { before: describeServer(notice.previous), after: describeServer(notice.next) }),
      text.advice,
    ].join('\n\n');
    try {
      for (const [index, to] of owners.entries()) {
        await transport.send({
          from: notice.previous ? { name, address: notice.previous.sender } : context.mailFrom,
          to,
          subject: formatMessage(text.subject, { restaurant: name }),
          text: body,
          messageId: `<mail-change-${notice.at.getTime()}-${index}@${deps.publicUrl.hostname}>`,
        });
      }
    } finally {
      transport.close();
    }
  } catch (error) {
    await recordSensitiveChange(deps.db, {
      at: deps.clock.now(),
      actor: { email: null, ipAddress: null },
      action: 'mail_change_notice_failed',
      detail: failureReason(error),
    });
  }
}
