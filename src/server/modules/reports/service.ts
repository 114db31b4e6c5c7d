import { TZDate } from '@date-fns/tz';
import { and, asc, eq } from 'drizzle-orm';
import { format } from 'date-fns';
import { CLIENT_NOTE_PREFIX } from '@shared/limits.ts';
import { arrivalStatusLabels, formatMessage, reservationStatusLabels } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { addDays, madridToday } from '@shared/rules/madrid-time.ts';
import { staffDate } from '@shared/rules/staff-dates.ts';
import type { Database, Executor } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { claimJobRun, finishJobRun, type ScheduledJob } from '../../platform/scheduler.ts';
import {
  type EmailBrand,
  pendingRequests,
  type ReceivedRequest,
  receivedRequestsTable,
  renderEmail,
  staffRecipients,
  takePendingRequests,
} from '../notifications/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';

type Row = typeof reservations.$inferSelect;

const report = staffEmailMessages.dailyReport;

export interface DailyReport {
  subject: string;
  text: string;
  html: string;
}

const countBy = <K extends string>(rows: Row[], key: (row: Row) => K) =>
  rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [key(row)]: (counts[key(row)] ?? 0) + 1 }), {});

const note = (row: Row) => row.adminNotes?.replace(CLIENT_NOTE_PREFIX, '').trim() || '';

/**
 * Today's reservations (Madrid) by time, totals by status and arrival, covers, and yesterday's no-shows; with
 * `newRequests` ('Solo el informe diario': decision 067), the requests that arrived since the last report.
 */
export async function buildDailyReport(db: Executor, brand: EmailBrand, date: string, newRequests?: readonly ReceivedRequest[]): Promise<DailyReport> {
  const [today, yesterday] = await Promise.all([
    db.select().from(reservations).where(eq(reservations.reservationDate, date)).orderBy(asc(reservations.reservationTime)),
    db
      .select()
      .from(reservations)
      .where(and(eq(reservations.reservationDate, addDays(date, -1)), eq(reservations.arrivalStatus, 'no_show')))
      .orderBy(asc(reservations.reservationTime)),
  ]);
  const active = today.filter((row) => row.status !== 'cancelled');
  const covers = active.reduce((sum, row) => sum + row.numberOfPeople, 0);
  const byStatus = countBy(today, (row) => row.status);
  const byArrival = countBy(active, (row) => row.arrivalStatus);
  const statusLine = Object.entries(reservationStatusLabels)
    .map(([status, label]) => `${label}: ${byStatus[status] ?? 0}`)
    .join(' · ');
  const arrivalLine = Object.entries(arrivalStatusLabels)
    .map(([status, label]) => `${label}: ${byArrival[status] ?? 0}`)
    .join(' · ');
  const line = (row: Row) =>
    `${row.reservationTime}  ${row.customerName} (${row.numberOfPeople}) · ${reservationStatusLabels[row.status]} · ${row.customerPhone ?? '—'}${note(row) ? ` · ${note(row)}` : ''}`;
  const { html, text } = renderEmail(brand, {
    heading: formatMessage(report.heading, { restaurant: brand.name, date: staffDate(date) }),
    headingInText: true,
    audience: 'staff',
    blocks: [
      { kind: 'text', text: [formatMessage(report.totals, { count: today.length, covers }), statusLine, arrivalLine].join('\n') },
      today.length
        ? {
            kind: 'table',
            headers: [...report.columns],
            rows: today.map((row) => [
              row.reservationTime,
              row.customerName,
              row.numberOfPeople,
              reservationStatusLabels[row.status],
              arrivalStatusLabels[row.arrivalStatus],
              row.customerPhone ?? '—',
              note(row),
            ]),
            text: today.map(line).join('\n'),
          }
        : { kind: 'text', text: staffMessages.admin.today.empty },
      { kind: 'text', text: [formatMessage(report.noShowsYesterday, { count: yesterday.length }), ...yesterday.map(line)].join('\n') },
      ...(newRequests ? newRequestBlocks(newRequests) : []),
    ],
  });

  return { subject: formatMessage(report.subject, { restaurant: brand.name, date: staffDate(date) }), text, html };
}

function newRequestBlocks(requests: readonly ReceivedRequest[]) {
  const count = { kind: 'text' as const, text: formatMessage(report.newRequests, { count: requests.length }) };
  return requests.length === 0 ? [count] : [count, receivedRequestsTable(requests)];
}

/**
 * Queues the report for today to the admin email and the extra one; refused when no admin email is set, even with an
 * extra one. The scheduled report (`takesRequests`) takes the waiting requests off the list in its transaction; the
 * test report shows them and leaves them for the real one.
 */
export async function queueDailyReport(db: Database, now: Date, { takesRequests = false } = {}): Promise<number> {
  const config = await getRestaurantConfig(db);
  // The admin email is required: the additional one alone does not make a report (spec: no admin email, no report).
  if (!config.adminEmail) {
    throw new AppError(400, 'no_admin_email', staffMessages.admin.errors.noAdminEmail);
  }
  const recipients = staffRecipients(config);
  const { newRequestEmailMode } = await getNotificationSettings(db);
  await db.transaction(async (tx) => {
    // In the other modes the hourly summary lists them (decision 067).
    const daily = newRequestEmailMode === 'daily';
    const newRequests = daily ? await (takesRequests ? takePendingRequests(tx) : pendingRequests(tx)) : undefined;
    const report = await buildDailyReport(tx, config, madridToday(now), newRequests);
    for (const to of recipients) await enqueueEmail(tx, { kind: 'daily_report', to, ...report }, now);
  });
  return recipients.length;
}

/**
 * Due once the report time has passed in the report's time zone, once per local date: a server that was down at
 * the time sends it when it is back the same day, and a second instance (or tick) finds the day claimed.
 */
export function dailyReportJob(db: Database, instanceId: string): ScheduledJob {
  return {
    name: 'daily-report',
    async tick(now) {
      const config = await getRestaurantConfig(db);
      if (!config.dailyReportEnabled || !config.adminEmail) return;
      const local = new TZDate(now, config.dailyReportTimezone);
      if (format(local, 'HH:mm') < config.dailyReportTime) return;
      const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), config.dailyReportTimezone);
      const period = new Date(day.getTime());
      if (!(await claimJobRun(db, 'daily-report', period, instanceId))) return;
      try {
        await queueDailyReport(db, now, { takesRequests: true });
        await finishJobRun(db, 'daily-report', period, new Date());
      } catch (error) {
        await finishJobRun(db, 'daily-report', period, new Date(), String(error));
        throw error;
      }
    },
  };
}
