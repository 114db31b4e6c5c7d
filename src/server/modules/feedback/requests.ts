// The request for a rating (issue 47, item 5): once per visit, FEEDBACK_DELAY_HOURS after the booking's time, by the
// channel the guest chose for the booking (a WhatsApp template or an SMS) or else by email. A feedback_requests row
// claims the visit, so two instances never both ask.
import { eq, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, FEEDBACK_LINK_DAYS } from '@shared/limits.ts';
import { addDays, madridToday } from '@shared/rules/madrid-time.ts';
import type { Executor } from '../../db/client.ts';
import { feedbackRequests } from '../../db/schema.ts';
import { rowsOf } from '../../db/rows.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { runOncePerMinute, type ScheduledJob } from '../../platform/scheduler.ts';
import { sendGuestNotice } from '../messaging/service.ts';
import type { DueReservation } from '../notifications/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import { feedbackRequestEmail } from './emails.ts';
import { pendingFeedbackLink } from './links.ts';

/** A visit not asked about within this many hours of its due time is not asked about any more. */
const SEND_WINDOW_HOURS = 48;
/** A regular is asked at most once in this many days, however often they come. */
const ONCE_PER_GUEST_DAYS = 30;
const DAY_MS = 86_400_000;

interface DueVisit extends DueReservation {
  guest_id: string | null;
}

/** Visits (the guest arrived, or the booking was completed) whose request is due now and was never made. */
function dueVisits(db: Executor, now: Date, delayHours: number, emailsOn: boolean): Promise<DueVisit[]> {
  const starts = sql`((r.reservation_date + r.reservation_time) at time zone ${BUSINESS_TIME_ZONE})`;
  const today = madridToday(now);
  return rowsOf<DueVisit>(db, sql`
    select r.id, r.guest_id, r.customer_name, r.customer_email, r.customer_phone_e164, r.messaging_channel, r.number_of_people,
           r.language, to_char(r.reservation_date, 'YYYY-MM-DD') as reservation_date, to_char(r.reservation_time, 'HH24:MI') as reservation_time
    from reservations r
    where r.reservation_date between ${addDays(today, -Math.ceil((delayHours + SEND_WINDOW_HOURS) / 24) - 1)} and ${today}
      and r.status <> 'cancelled' and r.arrival_status <> 'no_show' and (r.arrival_status = 'arrived' or r.status = 'completed')
      and ${starts} + make_interval(hours => ${delayHours}) <= ${now}
      and ${starts} + make_interval(hours => ${delayHours + SEND_WINDOW_HOURS}) > ${now}
      and (${emailsOn ? sql`r.customer_email is not null` : sql`false`} or r.messaging_channel is not null)
      and not exists (select 1 from feedback_requests f where f.reservation_id = r.id)
      and (r.guest_id is null or not exists (
        select 1 from feedback_requests f where f.guest_id = r.guest_id and f.requested_at > ${new Date(now.getTime() - ONCE_PER_GUEST_DAYS * DAY_MS)}))
    order by r.reservation_date, r.reservation_time
    limit 200`);
}

/** Asks every visit due now; returns how many requests went out. */
export async function sendDueFeedbackRequests({ db, publicUrl }: ServiceDeps, now: Date): Promise<number> {
  const [config, settings] = await Promise.all([getRestaurantConfig(db), getNotificationSettings(db)]);
  if (!config.feedbackEnabled) return 0;
  const emailsOn = settings.emailNotificationsEnabled;
  let sent = 0;
  for (const visit of await dueVisits(db, now, config.feedbackDelayHours, emailsOn)) {
    const asked = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(feedbackRequests)
        .values({
          reservationId: visit.id,
          guestId: visit.guest_id,
          channel: visit.messaging_channel ?? 'email',
          language: visit.language,
          requestedAt: now,
          expiresAt: new Date(now.getTime() + FEEDBACK_LINK_DAYS * DAY_MS),
        })
        .onConflictDoNothing()
        .returning({ id: feedbackRequests.id });
      if (!claim) return false;
      const booking = {
        reservationId: visit.id,
        customerName: visit.customer_name,
        reservationDate: visit.reservation_date,
        reservationTime: visit.reservation_time,
        numberOfPeople: visit.number_of_people,
        language: visit.language,
      };
      const pending = pendingFeedbackLink(publicUrl, claim.id, visit.language);
      const email = emailsOn && visit.customer_email ? feedbackRequestEmail(config, booking, visit.customer_email, pending) : null;
      const channel = await sendGuestNotice(tx, {
        kind: 'feedback',
        booking: { ...booking, customerPhoneE164: visit.customer_phone_e164, messagingChannel: visit.messaging_channel },
        restaurant: config.name,
        email,
        link: pending,
      }, now);
      // Nothing could carry it (the channel was switched off and there is no email): the claim stays, spent, so
      // that the visit is not tried again every minute.
      await tx
        .update(feedbackRequests)
        .set(channel ? { channel } : { expiresAt: now })
        .where(eq(feedbackRequests.id, claim.id));
      return channel !== null;
    });
    if (asked) sent++;
  }
  return sent;
}

export function feedbackJob(deps: ServiceDeps, instanceId: string): ScheduledJob {
  return {
    name: 'feedback',
    tick: (now) => runOncePerMinute(deps.db, 'feedback', now, instanceId, async () => void (await sendDueFeedbackRequests(deps, now))),
  };
}
