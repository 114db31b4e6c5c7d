// The staff's 'Nueva reserva' email in its three modes (issue 52, decision 067): one email per request, an hourly
// summary, or nothing but the daily report's list. A request not emailed at once waits in pending_request_alerts
// until the one summary or report that lists it deletes it, in the transaction that queues that email.
import { inArray, lt } from 'drizzle-orm';
import type { NewRequestEmailMode } from '@shared/limits.ts';
import { formatCount, formatMessage, reservationStatusLabels } from '@shared/messages.ts';
import { staffDateTime, staffDateTimeOf } from '@shared/rules/staff-dates.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import type { Database, Executor } from '../../db/client.ts';
import { pendingRequestAlerts, type restaurantConfig, reservations } from '../../db/schema.ts';
import { enqueueEmails } from '../../platform/outbox.ts';
import { runOncePerHour, type ScheduledJob } from '../../platform/scheduler.ts';
import { adminUrlOf } from '../../platform/service-deps.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import { renderEmail } from './email-layout.ts';
import { type EmailReservation } from './email-parts.ts';
import { staffNewReservationEmails, staffRecipients } from './staff-alerts.ts';

type Config = typeof restaurantConfig.$inferSelect;
type Reservation = typeof reservations.$inferSelect;

/** A request staff were told of late, with the instant it arrived. */
export type ReceivedRequest = Reservation & { receivedAt: Date };

const summary = staffEmailMessages.newRequestSummary;

/** In a guest request's transaction: its staff email now ('Cada reserva'), or a place in the next summary or report. */
export async function alertStaffOfRequest(
  tx: Executor,
  config: Config,
  mode: NewRequestEmailMode,
  reservation: EmailReservation,
  { adminUrl, now }: { adminUrl: string; now: Date },
): Promise<void> {
  if (mode === 'each') return enqueueEmails(tx, staffNewReservationEmails(config, reservation, adminUrl), now);
  await tx.insert(pendingRequestAlerts).values({ reservationId: reservation.id, receivedAt: now }).onConflictDoNothing();
}

/** The requests waiting to be listed that arrived before `before` (all of them without it), oldest first. */
export async function pendingRequests(db: Executor, before?: Date): Promise<ReceivedRequest[]> {
  const waiting = await db.select().from(pendingRequestAlerts).where(before ? lt(pendingRequestAlerts.receivedAt, before) : undefined);
  return withReservations(db, waiting);
}

/**
 * Takes the waiting requests that arrived before `before` off the list, for the email queued in the same transaction.
 * Two instances taking at once each get a different part (the delete's row locks), so no request is listed twice.
 */
export async function takePendingRequests(tx: Executor, before?: Date): Promise<ReceivedRequest[]> {
  const taken = await tx.delete(pendingRequestAlerts).where(before ? lt(pendingRequestAlerts.receivedAt, before) : undefined).returning();
  return withReservations(tx, taken);
}

async function withReservations(db: Executor, waiting: Array<typeof pendingRequestAlerts.$inferSelect>): Promise<ReceivedRequest[]> {
  if (waiting.length === 0) return [];
  const rows = await db.select().from(reservations).where(inArray(reservations.id, waiting.map((row) => row.reservationId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return waiting
    .flatMap((row) => {
      const reservation = byId.get(row.reservationId);
      return reservation ? [{ ...reservation, receivedAt: row.receivedAt }] : [];
    })
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id.localeCompare(b.id));
}

/** One line of a request in a staff email: when it arrived, when it is for, who, how many, its status, the phone. */
function receivedRequestCells(request: ReceivedRequest): string[] {
  return [
    staffDateTimeOf(request.receivedAt),
    staffDateTime(request.reservationDate, request.reservationTime),
    request.customerName,
    String(request.numberOfPeople),
    reservationStatusLabels[request.status],
    request.customerPhone ?? '—',
  ];
}

/** The requests as a table of a staff email (the hourly summary, the daily report), a line each in the plain text. */
export function receivedRequestsTable(requests: readonly ReceivedRequest[]) {
  const rows = requests.map(receivedRequestCells);
  return { kind: 'table' as const, headers: [...summary.columns], rows, text: rows.map((cells) => cells.join(' · ')).join('\n') };
}

/** The hourly summary: one email per staff address listing the requests, oldest first. */
export function newRequestSummaryEmails(config: Config, requests: readonly ReceivedRequest[], until: Date, adminUrl: string) {
  const count = requests.length;
  const rendered = renderEmail(config, {
    heading: summary.heading,
    audience: 'staff',
    blocks: [
      { kind: 'text', text: formatMessage(formatCount(count, summary.introOne, summary.introMany), { until: staffDateTimeOf(until) }) },
      receivedRequestsTable(requests),
      { kind: 'text', text: formatMessage(staffEmailMessages.staffManage, { url: adminUrl }) },
    ],
  });
  const subject = formatCount(count, summary.subjectOne, summary.subjectMany);
  return staffRecipients(config).map((to) => ({ kind: 'staff_new_request_summary', to, subject, ...rendered }));
}

/** Whether the daily report lists waiting requests: in 'Solo el informe diario', while the report goes out. */
const dailyReportLists = (config: Config, mode: NewRequestEmailMode) => mode === 'daily' && config.dailyReportEnabled && Boolean(config.adminEmail);

/**
 * At each hour (Madrid's hours start on UTC's), on the one instance that claims it: the requests that arrived before
 * the hour and wait, in one summary queued in the transaction that takes them. An hour with none sends nothing; an
 * hour missed while the server was down is covered by the next one, as the requests still wait.
 */
export function newRequestSummaryJob(db: Database, instanceId: string, publicUrl: URL): ScheduledJob {
  return {
    name: 'new-request-summary',
    tick: (now) =>
      runOncePerHour(db, 'new-request-summary', now, instanceId, async (hour) => {
        const [config, settings] = await Promise.all([getRestaurantConfig(db), getNotificationSettings(db)]);
        if (dailyReportLists(config, settings.newRequestEmailMode)) return;
        await db.transaction(async (tx) => {
          const requests = await takePendingRequests(tx, hour);
          if (requests.length > 0) await enqueueEmails(tx, newRequestSummaryEmails(config, requests, hour, adminUrlOf(publicUrl)), now);
        });
      }),
  };
}
