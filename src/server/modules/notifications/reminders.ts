import { eq, sql } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages.ts';
import type { MessageChannel } from '@shared/schemas/messaging.ts';
import { BUSINESS_TIME_ZONE, REMINDER_24H_HOURS, REMINDER_2H_HOURS } from '@shared/limits.ts';
import { addDays, madridToday } from '@shared/rules/madrid-time.ts';
import type { Database, Executor } from '../../db/client.ts';
import { reservationReminders, type REMINDER_KINDS } from '../../db/schema.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { runOncePerMinute, type ScheduledJob } from '../../platform/scheduler.ts';
import { reservationNotice, sendGuestNotice } from '../messaging/service.ts';
import { pendingSelfServiceLink } from '../private-links/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import { reminderEmail } from './guest-reservation-emails.ts';
import { emailGuaranteeOf } from './guarantee-block.ts';
import { rowsOf } from '../../db/rows.ts';

type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Hours before the reservation when each reminder becomes due. */
const LEAD_HOURS: Record<ReminderKind, number> = { '24h': REMINDER_24H_HOURS, '2h': REMINDER_2H_HOURS };

/** A reservation a scheduled guest message is due for, as its hand-written select reads it (reminders, feedback requests). */
export interface DueReservation {
  id: string;
  customer_name: string;
  customer_email: string | null;
  customer_phone_e164: string | null;
  messaging_channel: MessageChannel | null;
  number_of_people: number;
  reservation_date: string;
  reservation_time: string;
  language: Language;
}

/**
 * Confirmed reservations with an email (or, for the 24 h one, a chosen channel: issue 46) whose reminder of this kind is due now: from `lead` hours before the start
 * until the next reminder (or the start), made at least 2 hours ahead, not yet reminded. The 24 h one says
 * "mañana", so it only goes out the day before, for a booking made on an earlier day.
 */
async function dueReservations(db: Executor, kind: ReminderKind, now: Date, emailsOn: boolean): Promise<DueReservation[]> {
  const starts = sql`((r.reservation_date + r.reservation_time) at time zone ${BUSINESS_TIME_ZONE})`;
  const dueUntil = kind === '24h' ? sql`${starts} - interval '2 hours'` : starts;
  const today = madridToday(now);
  return rowsOf<DueReservation>(db, sql`
    select r.id, r.customer_name, r.customer_email, r.customer_phone_e164, r.messaging_channel, r.number_of_people, r.language,
           to_char(r.reservation_date, 'YYYY-MM-DD') as reservation_date, to_char(r.reservation_time, 'HH24:MI') as reservation_time
    from reservations r
    where r.status = 'confirmed' and (${emailsOn ? sql`r.customer_email is not null` : sql`false`} or ${kind === '24h' ? sql`r.messaging_channel is not null` : sql`false`})
      and r.reservation_date between ${today} and ${addDays(today, 2)}
      and ${starts} - make_interval(hours => ${LEAD_HOURS[kind]}) <= ${now}
      and ${dueUntil} > ${now}
      and r.created_at < ${starts} - interval '2 hours'
      ${kind === '24h' ? sql`and r.reservation_date > ${today}::date and r.reservation_date > (r.created_at at time zone ${BUSINESS_TIME_ZONE})::date` : sql``}
      and not exists (select 1 from reservation_reminders m where m.reservation_id = r.id and m.kind = ${kind})`);
}

export type SentReminder = { kind: ReminderKind; sentAt: string };

/**
 * A booking moved to another date or time is reminded of again (issue 19): its sent reminders are forgotten, and
 * returned so that 'Deshacer' can put them back.
 */
export async function forgetReminders(tx: Executor, reservationId: string): Promise<SentReminder[]> {
  const rows = await tx.delete(reservationReminders).where(eq(reservationReminders.reservationId, reservationId)).returning();
  return rows.map((row) => ({ kind: row.kind, sentAt: row.sentAt.toISOString() }));
}

/** Puts back the reminders an undone move forgot. */
export async function restoreReminders(tx: Executor, reservationId: string, sent: readonly SentReminder[]): Promise<void> {
  if (sent.length === 0) return;
  await tx
    .insert(reservationReminders)
    .values(sent.map((reminder) => ({ reservationId, kind: reminder.kind, sentAt: new Date(reminder.sentAt) })))
    .onConflictDoNothing();
}

/**
 * Sends every due reminder; the reservation_reminders key makes each (reservation, kind) go out once.
 * With the site's address, each reminder carries a private link to the guest's page, minted at delivery.
 */
export async function sendDueReminders(db: Database, now: Date, publicUrl?: URL): Promise<number> {
  const [settings, config] = await Promise.all([getNotificationSettings(db), getRestaurantConfig(db)]);
  if (!settings.reminderNotificationsEnabled) return 0;
  const emailsOn = settings.emailNotificationsEnabled;
  const kinds = [
    { kind: '24h' as const, enabled: config.reminder24hEnabled },
    { kind: '2h' as const, enabled: config.reminder2hEnabled && emailsOn },
  ];
  let sent = 0;
  for (const { kind, enabled } of kinds) {
    if (!enabled) continue;
    for (const due of await dueReservations(db, kind, now, emailsOn)) {
      const queued = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(reservationReminders)
          .values({ reservationId: due.id, kind, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: reservationReminders.reservationId });
        if (claimed.length === 0) return false;
        const booking = { id: due.id, reservationDate: due.reservation_date, reservationTime: due.reservation_time };
        const reservation = { ...booking, customerName: due.customer_name, numberOfPeople: due.number_of_people, language: due.language };
        let email = null;
        if (emailsOn && due.customer_email) {
          const extras = publicUrl ? pendingSelfServiceLink(publicUrl, due.id, due.language) : {};
          const guarantee = await emailGuaranteeOf(tx, booking, now);
          email = reminderEmail(config, kind, { ...reservation, guarantee }, due.customer_email, extras);
        }
        if (kind === '2h') {
          if (email) await enqueueEmail(tx, email, now);
          return email !== null;
        }
        // The 24 h one asks the guest to confirm, by the channel they chose (issue 46).
        const chosen = { customerPhoneE164: due.customer_phone_e164, messagingChannel: due.messaging_channel };
        await sendGuestNotice(tx, reservationNotice('reminder', { ...reservation, ...chosen }, { restaurant: config.name, email, publicUrl }), now);
        return true;
      });
      if (queued) sent++;
    }
  }
  return sent;
}

export function remindersJob(db: Database, instanceId: string, publicUrl: URL): ScheduledJob {
  return {
    name: 'reminders',
    tick: (now) => runOncePerMinute(db, 'reminders', now, instanceId, async () => void (await sendDueReminders(db, now, publicUrl))),
  };
}

