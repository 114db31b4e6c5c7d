// Notificaciones › Pruebas: the real message of one kind, rendered from the current settings with a sample
// reservation, sent to the admin email only.
import type { NotificationTestKind } from '@shared/limits.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { notificationsMessages } from '@shared/staff-messages/notifications.ts';
import { SAMPLE_RESERVATION } from '@shared/rules/templates.ts';
import type { NotificationTestResult } from '@shared/schemas/settings.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueEmail, type NewEmail } from '../../platform/outbox.ts';
import { type GuestEmailExtras, icsAttachment, reservationIcs } from '../private-links/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import type { GuestReservation } from './email-parts.ts';
import { autoConfirmedEmail, cancelledEmail, reminderEmail } from './guest-reservation-emails.ts';

type Config = Awaited<ReturnType<typeof getRestaurantConfig>>;

const sample: GuestReservation = { ...SAMPLE_RESERVATION, id: null, cancellationReason: null };

/**
 * The guest's private link and calendar file as a real email carries them. No reservation exists, so the link
 * opens the public page and the invitation is the sample's.
 */
function sampleExtras(config: Config, publicUrl: URL, now: Date, withCalendar: boolean): GuestEmailExtras {
  const manageUrl = publicUrl.toString();
  const ics = { ...SAMPLE_RESERVATION, id: 'prueba', status: 'confirmed' as const, revision: 0 };
  return { manageUrl, calendar: withCalendar ? icsAttachment(reservationIcs(config, ics, publicUrl, now, manageUrl)) : null };
}

/** The switches do not matter here: the owner tests a message, whether or not it goes out today. */
function buildTestEmail(config: Config, kind: NotificationTestKind, to: string, publicUrl: URL, now: Date): NewEmail {
  const extras = sampleExtras(config, publicUrl, now, kind === 'confirmation');
  switch (kind) {
    case 'confirmation':
      return autoConfirmedEmail(config, sample, to, extras);
    case 'reminder24h':
      return reminderEmail(config, '24h', sample, to, extras);
    case 'reminder2h':
      return reminderEmail(config, '2h', sample, to, extras);
    case 'cancellation':
      return cancelledEmail(config, sample, to);
  }
}

export async function sendTestNotification(
  db: Database,
  kind: NotificationTestKind,
  publicUrl: URL,
  now: Date,
): Promise<NotificationTestResult> {
  return db.transaction(async (tx) => {
    const config = await getRestaurantConfig(tx);
    const to = config.adminEmail;
    if (!to) throw new AppError(400, 'no_admin_email', notificationsMessages.testNoAdminEmail);
    const email = buildTestEmail(config, kind, to, publicUrl, now);
    await enqueueEmail(tx, { ...email, kind: `test_${kind}`, subject: `${staffEmailMessages.testSubjectPrefix}${email.subject}` }, now);
    return { recipients: [to] };
  });
}
