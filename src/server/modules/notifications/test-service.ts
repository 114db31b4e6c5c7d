// Notificaciones › Pruebas: the real message of one kind, rendered from the current settings with a sample
// reservation, sent to the admin email only.
import type { NotificationTestKind } from '@shared/limits.ts';
import { messages } from '@shared/messages.ts';
import { SAMPLE_RESERVATION } from '@shared/rules/templates.ts';
import type { NotificationTestResult } from '@shared/schemas/settings.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueEmail, type NewEmail } from '../../platform/outbox.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { autoConfirmedEmail, cancelledEmail, type GuestReservation, reminderEmail } from './emails.ts';

type Config = Awaited<ReturnType<typeof getRestaurantConfig>>;

const sample: GuestReservation = { ...SAMPLE_RESERVATION, id: null, cancellationReason: null };

/** The switches do not matter here: the owner tests a message, whether or not it goes out today. */
function buildTestEmail(config: Config, kind: NotificationTestKind, to: string): NewEmail {
  switch (kind) {
    case 'confirmation':
      return autoConfirmedEmail(config, sample, to);
    case 'reminder24h':
      return reminderEmail(config, '24h', sample, to);
    case 'reminder2h':
      return reminderEmail(config, '2h', sample, to);
    case 'cancellation':
      return cancelledEmail(config, sample, to);
  }
}

export async function sendTestNotification(db: Database, kind: NotificationTestKind): Promise<NotificationTestResult> {
  return db.transaction(async (tx) => {
    const config = await getRestaurantConfig(tx);
    const to = config.adminEmail;
    if (!to) throw new AppError(400, 'no_admin_email', messages.admin.notifications.testNoAdminEmail);
    const email = buildTestEmail(config, kind, to);
    await enqueueEmail(tx, { ...email, kind: `test_${kind}`, subject: `${messages.emails.testSubjectPrefix}${email.subject}` });
    return { recipients: [to] };
  });
}
