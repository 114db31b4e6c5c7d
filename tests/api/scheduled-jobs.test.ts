import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  emailOutbox,
  jobRuns,
  notificationSettings,
  reservationReminders,
  reservations,
} from '../../src/server/db/schema.ts';
import { remindersJob, sendDueReminders } from '../../src/server/modules/notifications/reminders.ts';
import { buildDailyReport, dailyReportJob } from '../../src/server/modules/reports/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { type ScheduledJob, Scheduler } from '../../src/server/platform/scheduler.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { createTestApp } from '../support/test-app.ts';
import { configure, insertReservation, uniqueEmail } from '../support/factories.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MINUTE = 60_000;
const PUBLIC_URL = new URL('http://localhost:3000/');

type NewReservation = typeof reservations.$inferInsert;
type SettingsPatch = Partial<typeof notificationSettings.$inferInsert>;

/** A reservation written straight to the table, confirmed and booked long before unless told otherwise. */
async function reserve(db: Database, overrides: Partial<NewReservation> = {}) {
  return insertReservation(db, {
    customerName: 'Lucía Ferrer',
    customerPhone: '600123456',
    customerEmail: uniqueEmail(),
    numberOfPeople: 4,
    reservationTime: '20:00',
    status: 'confirmed',
    createdAt: new Date('2026-11-20T10:00:00Z'),
    ...overrides,
  });
}

const setNotifications = (db: Database, patch: SettingsPatch) =>
  db.update(notificationSettings).set(patch).where(eq(notificationSettings.id, 1));

/** The reminder emails queued for one reservation, oldest first, as [kind, to]. */
async function remindersFor(db: Database, reservationId: string) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reservationId, reservationId), inArray(emailOutbox.kind, ['reminder_24h', 'reminder_2h'])))
    .orderBy(asc(emailOutbox.id));
  return rows;
}
const kindsFor = async (db: Database, reservationId: string) => (await remindersFor(db, reservationId)).map((row) => row.kind);

describe('reminders (24 h and 2 h before)', () => {
  const { app, db } = useApiSuite({ at: '2026-11-20T10:00:00Z', owner: false });
  const tick = (at: string) => sendDueReminders(db(), new Date(at));

  beforeEach(async () => {
    await configure(db(), { reminder24hEnabled: true, reminder2hEnabled: true });
    await setNotifications(db(), { reminderNotificationsEnabled: true, emailNotificationsEnabled: true });
  });

  it('sends the 24 h reminder from exactly 24 h before, with the template filled, and only once', async () => {
    // Thursday 26 November 2026, 20:00 in Madrid (CET) = 19:00Z.
    const reservation = await reserve(db(), { numberOfPeople: 5 });

    await tick('2026-11-25T18:59:00Z'); // 19:59 Madrid the day before: 24 h + 1 min ahead
    expect(await kindsFor(db(), reservation.id)).toEqual([]);

    await tick('2026-11-25T19:00:00Z');
    const [email, ...others] = await remindersFor(db(), reservation.id);
    expect(others).toEqual([]);
    expect(email).toMatchObject({
      kind: 'reminder_24h',
      toAddress: reservation.customerEmail,
      subject: restaurantConfigDefaults.reminder24hSubject,
    });
    expect(email!.textBody).toBe(
      `${restaurantConfigDefaults.reminder24hMessage.replace('{time}', '20:00').replace('{people}', '5')}\n\n${restaurantConfigDefaults.name}`,
    );
    expect(email!.textBody).toContain('a las 20:00 para 5 personas');

    for (const later of ['2026-11-25T19:00:00Z', '2026-11-25T19:01:00Z', '2026-11-25T23:00:00Z', '2026-11-26T16:59:00Z']) {
      await tick(later);
    }
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);
    const marks = await db().select().from(reservationReminders).where(eq(reservationReminders.reservationId, reservation.id));
    expect(marks.map((mark) => [mark.kind, mark.sentAt.toISOString()])).toEqual([['24h', '2026-11-25T19:00:00.000Z']]);
  });

  it("carries a fresh private link to the guest's page in each reminder", async () => {
    const reservation = await reserve(db());
    await sendDueReminders(db(), new Date('2026-11-25T19:00:00Z'), PUBLIC_URL);
    await sendDueReminders(db(), new Date('2026-11-26T17:00:00Z'), PUBLIC_URL);
    const emails = await remindersFor(db(), reservation.id);
    const delivered = await Promise.all(emails.map((email) => deliveredEmail(db(), email)));
    const tokens = delivered.map((email) => /\/reserva\/([\w-]{43})"/.exec(email.html ?? '')?.[1]);
    expect(emails.map((email) => email.kind)).toEqual(['reminder_24h', 'reminder_2h']);
    expect(tokens.every(Boolean)).toBe(true);
    expect(new Set(tokens).size).toBe(2);
    for (const token of tokens) {
      const page = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ reservation: { reservationDate: reservation.reservationDate, status: 'confirmed' } });
    }
  });

  it('uses the configured subject and message of each reminder', async () => {
    await configure(db(), {
      reminder24hSubject: 'Mañana le esperamos',
      reminder24hMessage: 'Hola {name}: mañana a las {time}, mesa para {people}.',
      reminder2hSubject: 'En 2 horas',
      reminder2hMessage: 'Hoy a las {time}.',
    });
    try {
      const reservation = await reserve(db(), { customerName: 'Pau Vidal', numberOfPeople: 2, reservationTime: '21:30' });
      await tick('2026-11-25T20:30:00Z'); // 21:30 Madrid the day before
      await tick('2026-11-26T18:30:00Z'); // 19:30 Madrid
      const emails = await remindersFor(db(), reservation.id);
      expect(emails.map((email) => [email.kind, email.subject, email.textBody])).toEqual([
        ['reminder_24h', 'Mañana le esperamos', 'Hola Pau Vidal: mañana a las 21:30, mesa para 2.\n\nMi Restaurante'],
        ['reminder_2h', 'En 2 horas', 'Hoy a las 21:30.\n\nMi Restaurante'],
      ]);
    } finally {
      const { reminder24hSubject, reminder24hMessage, reminder2hSubject, reminder2hMessage } = restaurantConfigDefaults;
      await configure(db(), { reminder24hSubject, reminder24hMessage, reminder2hSubject, reminder2hMessage });
    }
  });

  it('sends the 2 h reminder from exactly 2 h before, once', async () => {
    const reservation = await reserve(db());
    await tick('2026-11-25T19:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);

    await tick('2026-11-26T16:59:00Z'); // 17:59 Madrid
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);

    await tick('2026-11-26T17:00:00Z'); // 18:00 Madrid
    const emails = await remindersFor(db(), reservation.id);
    expect(emails.map((email) => email.kind)).toEqual(['reminder_24h', 'reminder_2h']);
    expect(emails[1]).toMatchObject({ subject: restaurantConfigDefaults.reminder2hSubject, toAddress: reservation.customerEmail });
    expect(emails[1]!.textBody).toBe(
      `${restaurantConfigDefaults.reminder2hMessage.replace('{time}', '20:00')}\n\n${restaurantConfigDefaults.name}`,
    );

    for (const later of ['2026-11-26T17:01:00Z', '2026-11-26T18:59:00Z']) await tick(later);
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h', 'reminder_2h']);
  });

  it('sends nothing once the reservation has started, and skips a 24 h reminder missed until the 2 h window', async () => {
    const reservation = await reserve(db());
    // The server was down from the 24 h point until 2 h before: the "tomorrow" reminder is not sent late.
    await tick('2026-11-26T17:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_2h']);

    const started = await reserve(db());
    await tick('2026-11-26T19:00:00Z');
    await tick('2026-11-26T20:00:00Z');
    expect(await kindsFor(db(), started.id)).toEqual([]);
  });

  it('sends nothing for pending or cancelled reservations; a cancellation after the 24 h one stops the 2 h one', async () => {
    const pending = await reserve(db(), { status: 'pending' });
    const cancelled = await reserve(db(), { status: 'cancelled' });
    await tick('2026-11-25T19:00:00Z');
    await tick('2026-11-26T17:00:00Z');
    expect(await kindsFor(db(), pending.id)).toEqual([]);
    expect(await kindsFor(db(), cancelled.id)).toEqual([]);

    const later = await reserve(db());
    await tick('2026-11-25T19:00:00Z');
    expect(await kindsFor(db(), later.id)).toEqual(['reminder_24h']);
    await db().update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, later.id));
    await tick('2026-11-26T17:00:00Z');
    await tick('2026-11-26T18:00:00Z');
    expect(await kindsFor(db(), later.id)).toEqual(['reminder_24h']);
  });

  it('sends the reminder whose window is open when a pending reservation gets confirmed', async () => {
    const reservation = await reserve(db(), { status: 'pending' });
    await tick('2026-11-25T19:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual([]);
    await db().update(reservations).set({ status: 'confirmed' }).where(eq(reservations.id, reservation.id));
    await tick('2026-11-25T21:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);
  });

  it('sends nothing to a reservation without email', async () => {
    const reservation = await reserve(db(), { customerEmail: null, source: 'admin' });
    await tick('2026-11-25T19:00:00Z');
    await tick('2026-11-26T17:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual([]);
    const marks = await db().select().from(reservationReminders).where(eq(reservationReminders.reservationId, reservation.id));
    expect(marks).toEqual([]);
  });

  it('sends nothing to a reservation made less than 2 h ahead', async () => {
    // Made at 18:30 Madrid for 20:00: 90 minutes ahead.
    const reservation = await reserve(db(), { createdAt: new Date('2026-11-26T17:30:00Z') });
    for (const at of ['2026-11-26T17:30:00Z', '2026-11-26T17:31:00Z', '2026-11-26T18:00:00Z', '2026-11-26T18:59:00Z']) {
      await tick(at);
    }
    expect(await kindsFor(db(), reservation.id)).toEqual([]);

    // The boundary: made exactly 2 h ahead is still "less than 2 h ahead" for the code (created_at < start - 2 h).
    const exactly = await reserve(db(), { createdAt: new Date('2026-11-26T17:00:00Z') });
    await tick('2026-11-26T17:00:00Z');
    await tick('2026-11-26T17:30:00Z');
    expect(await kindsFor(db(), exactly.id)).toEqual([]);
  });

  it('gives a same-day booking made 5 h ahead no 24 h reminder (it would say "mañana"), only the 2 h one', async () => {
    // Made at 15:00 Madrid for 20:00 the same day.
    const reservation = await reserve(db(), { createdAt: new Date('2026-11-26T14:00:00Z') });
    await tick('2026-11-26T14:00:00Z');
    await tick('2026-11-26T16:59:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual([]);
    await tick('2026-11-26T17:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_2h']);
  });

  it('does not send a late 24 h reminder on the day itself after the server was down the evening before', async () => {
    const reservation = await reserve(db());
    await tick('2026-11-26T08:00:00Z'); // 09:00 Madrid on the day: "mañana" would be wrong
    expect(await kindsFor(db(), reservation.id)).toEqual([]);
  });

  it('reminder_24h_enabled off suppresses only the 24 h reminder', async () => {
    const reservation = await reserve(db());
    await configure(db(), { reminder24hEnabled: false });
    await tick('2026-11-25T19:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual([]);
    await configure(db(), { reminder24hEnabled: true });
    await tick('2026-11-25T19:01:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);
  });

  it('reminder_2h_enabled off suppresses only the 2 h reminder', async () => {
    const reservation = await reserve(db());
    await configure(db(), { reminder2hEnabled: false });
    await tick('2026-11-25T19:00:00Z');
    await tick('2026-11-26T17:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);
    await configure(db(), { reminder2hEnabled: true });
    await tick('2026-11-26T17:01:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h', 'reminder_2h']);
  });

  it.each([
    ['reminder_notifications_enabled', { reminderNotificationsEnabled: false }],
    ['email_notifications_enabled', { emailNotificationsEnabled: false }],
  ] as const)('notification setting %s off suppresses every reminder', async (_name, off) => {
    const reservation = await reserve(db());
    await setNotifications(db(), off);
    expect(await tick('2026-11-25T19:00:00Z')).toBe(0);
    expect(await tick('2026-11-26T17:00:00Z')).toBe(0);
    expect(await kindsFor(db(), reservation.id)).toEqual([]);
    await setNotifications(db(), { reminderNotificationsEnabled: true, emailNotificationsEnabled: true });
    await tick('2026-11-26T17:01:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_2h']);
  });

  it('spring DST change (Sunday 29 March 2026): 24 real hours and 2 real hours before 20:00 CEST', async () => {
    // 20:00 CEST = 18:00Z. The 24 h reminder goes 24 real hours before: 2026-03-28T18:00Z, which is 19:00 CET on the
    // Saturday, not 20:00 wall-clock the day before (that would be 19:00Z, only 23 real hours ahead).
    const reservation = await reserve(db(), { reservationDate: '2026-03-29', createdAt: new Date('2026-03-01T10:00:00Z') });
    await tick('2026-03-28T17:59:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual([]);
    await tick('2026-03-28T18:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);
    await tick('2026-03-29T15:59:00Z'); // 17:59 CEST
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);
    await tick('2026-03-29T16:00:00Z'); // 18:00 CEST
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h', 'reminder_2h']);
  });

  it('autumn DST change (Sunday 25 October 2026): 24 real hours and 2 real hours before 20:00 CET', async () => {
    // 20:00 CET = 19:00Z. The 24 h reminder goes 24 real hours before: 2026-10-24T19:00Z, which is 21:00 CEST on the
    // Saturday, not 20:00 wall-clock the day before (that would be 18:00Z, 25 real hours ahead).
    const reservation = await reserve(db(), { reservationDate: '2026-10-25', createdAt: new Date('2026-10-01T10:00:00Z') });
    await tick('2026-10-24T18:00:00Z');
    await tick('2026-10-24T18:59:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual([]);
    await tick('2026-10-24T19:00:00Z');
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);
    await tick('2026-10-25T16:59:00Z'); // 17:59 CET
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);
    await tick('2026-10-25T17:00:00Z'); // 18:00 CET
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h', 'reminder_2h']);
  });

  it('remindersJob claims each minute once: a second tick in the same minute sends nothing', async () => {
    const job = remindersJob(db(), 'instance-a', PUBLIC_URL);
    const other = remindersJob(db(), 'instance-b', PUBLIC_URL);
    const reservation = await reserve(db(), { reservationDate: '2026-12-03' });
    await other.tick(new Date('2026-12-02T18:59:30Z')); // claims 18:59; nothing is due yet
    await job.tick(new Date('2026-12-02T19:00:20Z')); // claims 19:00 and sends
    expect(await kindsFor(db(), reservation.id)).toEqual(['reminder_24h']);

    const runs = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.jobName, 'reminders'), inArray(jobRuns.scheduledFor, [new Date('2026-12-02T18:59:00Z'), new Date('2026-12-02T19:00:00Z')])))
      .orderBy(asc(jobRuns.scheduledFor));
    expect(runs.map((run) => [run.scheduledFor.toISOString(), run.claimedBy, run.error])).toEqual([
      ['2026-12-02T18:59:00.000Z', 'instance-b', null],
      ['2026-12-02T19:00:00.000Z', 'instance-a', null],
    ]);
    expect(runs.every((run) => run.finishedAt !== null)).toBe(true);

    // A reservation that becomes due within the already claimed minute waits for the next minute's tick.
    const second = await reserve(db(), { reservationDate: '2026-12-03', reservationTime: '20:00' });
    await other.tick(new Date('2026-12-02T19:00:40Z'));
    expect(await kindsFor(db(), second.id)).toEqual([]);
    await other.tick(new Date('2026-12-02T19:01:05Z'));
    expect(await kindsFor(db(), second.id)).toEqual(['reminder_24h']);
  });
});

describe('daily report', () => {
  const { app, db, owner } = useApiSuite({ at: '2026-11-24T10:00:00Z', afterStart: addReservations });
  const job = () => dailyReportJob(db(), 'instance-a');
  const reportEmails = () =>
    db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'daily_report')).orderBy(asc(emailOutbox.id));
  let seen = 0;
  /** Ticks the report job at `at` and returns the report emails queued by that tick. */
  async function tickAt(at: string | Date) {
    await job().tick(new Date(at));
    const all = await reportEmails();
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh.map((email) => [email.toAddress, email.subject]);
  }
  /** Ticks at each instant in order; returns "instant ×emails" for the ticks that queued report emails. */
  async function tickEach(...groups: string[][]) {
    const sentAt: string[] = [];
    for (const at of groups.flat()) {
      const fresh = await tickAt(at);
      if (fresh.length) sentAt.push(`${new Date(at).toISOString()} ×${fresh.length}`);
    }
    return sentAt;
  }
  const minutes = (from: string, to: string) =>
    Array.from({ length: (Date.parse(to) - Date.parse(from)) / MINUTE + 1 }, (_, i) => new Date(Date.parse(from) + i * MINUTE).toISOString());
  const reportRuns = () => db().select().from(jobRuns).where(eq(jobRuns.jobName, 'daily-report')).orderBy(asc(jobRuns.scheduledFor));

  async function addReservations() {
    // [date, time, name, people, status, arrival, phone, notes]
    const rows: Array<[string, string, string, number, NewReservation['status'], NewReservation['arrivalStatus'], string, string?]> = [
      ['2026-11-24', '14:30', 'Ana Ruiz', 2, 'confirmed', 'arrived', '611111111', '[Cliente] Mesa junto a la ventana'],
      ['2026-11-24', '13:00', 'Bruno Díaz', 4, 'pending', 'pending', '622222222'],
      ['2026-11-24', '13:30', 'Carla Soler', 6, 'cancelled', 'pending', '633333333'],
      ['2026-11-24', '15:00', 'Dani Prats', 3, 'completed', 'arrived', '644444444', 'Cliente habitual'],
      ['2026-11-24', '20:00', '<script>alert(1)</script>', 2, 'confirmed', 'delayed', '655555555'],
      ['2026-11-23', '14:00', 'Eva Ausente', 2, 'confirmed', 'no_show', '666666666'],
      ['2026-11-23', '15:00', 'Fede Presente', 4, 'confirmed', 'arrived', '677777777'],
      ['2026-11-25', '13:00', 'Gema Mañana', 4, 'confirmed', 'pending', '688888888'],
    ];
    for (const [reservationDate, reservationTime, customerName, numberOfPeople, status, arrivalStatus, customerPhone, adminNotes] of rows) {
      await reserve(db(), { reservationDate, reservationTime, customerName, numberOfPeople, status, arrivalStatus, customerPhone, adminNotes });
    }
  }

  it("lists the day's reservations by time with totals, covers without cancelled ones, notes and yesterday's no-shows", async () => {
    const report = await buildDailyReport(db(), { ...restaurantConfigDefaults, name: 'Casa Pepe' }, '2026-11-24');
    expect(report.subject).toBe('Informe diario · Casa Pepe · martes 24 de noviembre');
    const lines = report.text.split('\n');
    expect(lines[0]).toBe('Informe diario de Casa Pepe: martes 24 de noviembre');
    expect(lines).toContain('Reservas: 5 · Comensales: 11'); // 2 + 4 + 3 + 2, the cancelled 6 left out
    expect(lines).toContain('Pendiente: 1 · Confirmada: 2 · Cancelada: 1 · Completada: 1');
    expect(lines).toContain('Esperando: 1 · Llegó: 2 · No vino: 0 · Con retraso: 1');

    const listed = lines.filter((line) => /^\d\d:\d\d {2}/.test(line));
    expect(listed).toEqual([
      '13:00  Bruno Díaz (4) · Pendiente · 622222222',
      '13:30  Carla Soler (6) · Cancelada · 633333333',
      '14:30  Ana Ruiz (2) · Confirmada · 611111111 · Mesa junto a la ventana',
      '15:00  Dani Prats (3) · Completada · 644444444 · Cliente habitual',
      '20:00  <script>alert(1)</script> (2) · Confirmada · 655555555',
      '14:00  Eva Ausente (2) · Confirmada · 666666666',
    ]);
    expect(report.text).toContain('No vinieron ayer: 1\n14:00  Eva Ausente');
    expect(report.text).not.toContain('[Cliente]');
    expect(report.text).not.toContain('Fede Presente');
    expect(report.text).not.toContain('Gema Mañana');

    expect(report.html).not.toContain('[Cliente]');
    expect(report.html).toContain('Mesa junto a la ventana');
    expect(report.html.indexOf('Bruno Díaz')).toBeLessThan(report.html.indexOf('Ana Ruiz'));
    expect(report.html.indexOf('Ana Ruiz')).toBeLessThan(report.html.indexOf('Dani Prats'));
    expect(report.html).toContain('No vinieron ayer: 1<br>14:00  Eva Ausente');
    expect(report.html).toContain('Eva Ausente');
  });

  it("escapes the guests' text in the HTML", async () => {
    const report = await buildDailyReport(db(), { ...restaurantConfigDefaults, name: 'Casa <b>Pepe</b> & Cía' }, '2026-11-24');
    expect(report.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(report.html).not.toContain('<script>alert');
    expect(report.html).not.toContain('<b>Pepe</b>');
    expect(report.html).toContain('Casa &lt;b&gt;Pepe&lt;/b&gt; &amp; Cía');
  });

  it('says so when the day has no reservations', async () => {
    const report = await buildDailyReport(db(), { ...restaurantConfigDefaults, name: 'Casa Pepe' }, '2026-12-01');
    expect(report.text).toContain('Reservas: 0 · Comensales: 0');
    expect(report.text).toContain('No hay reservas para hoy');
    expect(report.text).toContain('No vinieron ayer: 0');
  });

  it('sends nothing while the daily report is disabled', async () => {
    await configure(db(), { dailyReportEnabled: false, adminEmail: 'jefe@example.com', dailyReportTime: '12:00', dailyReportTimezone: 'Europe/Madrid' });
    expect(await tickAt('2026-11-24T11:00:00Z')).toEqual([]);
    expect(await tickAt('2026-11-24T15:00:00Z')).toEqual([]);
    expect(await reportRuns()).toEqual([]);
  });

  it('sends nothing while enabled without an admin email', async () => {
    await configure(db(), { dailyReportEnabled: true, adminEmail: null, additionalReportEmail: 'socio@example.com' });
    expect(await tickAt('2026-11-24T11:00:00Z')).toEqual([]);
    expect(await reportRuns()).toEqual([]);
    await configure(db(), { adminEmail: 'jefe@example.com', additionalReportEmail: null });
  });

  it('sends the report once at 12:00 Madrid, to the admin email, and not again that day', async () => {
    await configure(db(), { dailyReportEnabled: true, adminEmail: 'jefe@example.com', additionalReportEmail: null });
    expect(await tickAt('2026-11-24T10:59:00Z')).toEqual([]); // 11:59 Madrid
    expect(await tickAt('2026-11-24T11:00:05Z')).toEqual([['jefe@example.com', 'Informe diario · Mi Restaurante · martes 24 de noviembre']]);
    const [email] = await reportEmails();
    expect(email!.textBody).toContain('Reservas: 5 · Comensales: 11');
    expect(email!.htmlBody).toContain('&lt;script&gt;');

    for (const at of ['2026-11-24T11:00:30Z', '2026-11-24T11:01:00Z', '2026-11-24T15:00:00Z', '2026-11-24T22:59:00Z']) {
      expect(await tickAt(at)).toEqual([]);
    }
    const runs = await reportRuns();
    expect(runs.map((run) => [run.scheduledFor.toISOString(), run.claimedBy, run.error])).toEqual([
      ['2026-11-23T23:00:00.000Z', 'instance-a', null], // midnight of 24 November in Madrid
    ]);
    expect(runs[0]!.finishedAt).not.toBeNull();
  });

  it('sends it again the next day, also to the additional email', async () => {
    await configure(db(), { additionalReportEmail: 'socio@example.com' });
    expect(await tickAt('2026-11-24T23:00:00Z')).toEqual([]); // 00:00 Madrid on the 25th
    expect(await tickAt('2026-11-25T10:59:00Z')).toEqual([]);
    expect(await tickAt('2026-11-25T11:00:00Z')).toEqual([
      ['jefe@example.com', 'Informe diario · Mi Restaurante · miércoles 25 de noviembre'],
      ['socio@example.com', 'Informe diario · Mi Restaurante · miércoles 25 de noviembre'],
    ]);
    expect(await tickAt('2026-11-25T11:01:00Z')).toEqual([]);
    expect((await reportRuns()).map((run) => run.scheduledFor.toISOString())).toEqual([
      '2026-11-23T23:00:00.000Z',
      '2026-11-24T23:00:00.000Z',
    ]);
  });

  it('sends the same address only once when the additional email repeats the admin one', async () => {
    await configure(db(), { additionalReportEmail: 'jefe@example.com' });
    try {
      expect(await tickAt('2026-11-28T11:00:00Z')).toEqual([['jefe@example.com', 'Informe diario · Mi Restaurante · sábado 28 de noviembre']]);
    } finally {
      await configure(db(), { additionalReportEmail: 'socio@example.com' });
    }
  });

  it('sends it late, on the first tick after the time, when the server was down at 12:00', async () => {
    expect(await tickAt('2026-11-26T14:00:00Z')).toEqual([
      ['jefe@example.com', 'Informe diario · Mi Restaurante · jueves 26 de noviembre'],
      ['socio@example.com', 'Informe diario · Mi Restaurante · jueves 26 de noviembre'],
    ]); // 15:00 Madrid
    expect(await tickAt('2026-11-26T14:01:00Z')).toEqual([]);
  });

  it('goes at 12:00 in the configured time zone (America/New_York)', async () => {
    await configure(db(), { dailyReportTimezone: 'America/New_York' });
    try {
      // Friday 27 November 2026: New York is on EST (UTC-5), so 12:00 there is 17:00Z (18:00 Madrid).
      expect(await tickAt('2026-11-27T11:00:00Z')).toEqual([]); // 12:00 Madrid, 06:00 New York
      expect(await tickAt('2026-11-27T16:59:00Z')).toEqual([]);
      expect(await tickAt('2026-11-27T17:00:00Z')).toHaveLength(2);
      expect(await tickAt('2026-11-27T21:00:00Z')).toEqual([]);
      const runs = (await reportRuns()).map((run) => run.scheduledFor.toISOString());
      expect(runs).toContain('2026-11-27T05:00:00.000Z'); // midnight in New York
      expect(runs).not.toContain('2026-11-26T23:00:00.000Z'); // not Madrid's midnight
    } finally {
      await configure(db(), { dailyReportTimezone: 'Europe/Madrid' });
    }
  });

  it('sends a 02:30 report once on the spring-forward day, when 02:30 does not exist (at 03:00 CEST)', async () => {
    await configure(db(), { dailyReportTime: '02:30' });
    // 00:00 and 00:30 CET, then every minute from 01:00 CET (00:00Z) to 04:00 CEST (02:00Z), then later that day.
    const sentAt = await tickEach(
      ['2026-03-28T23:00:00Z', '2026-03-28T23:30:00Z'],
      minutes('2026-03-29T00:00:00Z', '2026-03-29T02:00:00Z'),
      ['2026-03-29T10:00:00Z', '2026-03-29T21:59:00Z'],
    );
    // 01:59 CET is followed by 03:00 CEST (01:00Z), the first minute at or past 02:30.
    expect(sentAt).toEqual(['2026-03-29T01:00:00.000Z ×2']);
  });

  it('sends a 02:30 report exactly once on the fall-back day, when 02:30 happens twice', async () => {
    await configure(db(), { dailyReportTime: '02:30' });
    // 00:00 and 01:00 CEST, then every minute from 02:00 CEST (00:00Z) through both 02:30s (00:30Z and 01:30Z)
    // to 03:00 CET (02:00Z), then later that day.
    const sentAt = await tickEach(
      ['2026-10-24T22:00:00Z', '2026-10-24T23:00:00Z'],
      minutes('2026-10-25T00:00:00Z', '2026-10-25T02:00:00Z'),
      ['2026-10-25T11:00:00Z', '2026-10-25T22:59:00Z'],
    );
    expect(sentAt).toEqual(['2026-10-25T00:30:00.000Z ×2']);
    await configure(db(), { dailyReportTime: '12:00' });
  });

  describe('POST /api/admin/reports/test', () => {
    const post = (withCookie = true) =>
      app().request({ method: 'POST', url: '/api/admin/reports/test', ...(withCookie ? { cookie: owner() } : {}) });

    it("queues today's report now, one email per recipient", async () => {
      await configure(db(), { adminEmail: 'jefe@example.com', additionalReportEmail: 'socio@example.com' });
      const before = (await reportEmails()).length;
      const response = await post();
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ recipients: 2 });
      const fresh = (await reportEmails()).slice(before);
      seen += fresh.length;
      // The app's clock says 2026-11-24T10:00Z, 11:00 in Madrid: before the report time, the test goes anyway.
      expect(fresh.map((email) => [email.toAddress, email.subject])).toEqual([
        ['jefe@example.com', 'Informe diario · Mi Restaurante · martes 24 de noviembre'],
        ['socio@example.com', 'Informe diario · Mi Restaurante · martes 24 de noviembre'],
      ]);
      expect(fresh[0]!.textBody).toContain('Reservas: 5 · Comensales: 11');
    });

    it('also works while the automatic report is disabled, and does not use up the daily run', async () => {
      await configure(db(), { dailyReportEnabled: false, additionalReportEmail: null });
      const runsBefore = (await reportRuns()).length;
      const response = await post();
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ recipients: 1 });
      seen = (await reportEmails()).length;
      expect((await reportRuns()).length).toBe(runsBefore);
      await configure(db(), { dailyReportEnabled: true });
    });

    it('refuses without an admin email', async () => {
      await configure(db(), { adminEmail: null, additionalReportEmail: null });
      const before = (await reportEmails()).length;
      const response = await post();
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Configura el email del administrador para enviar el informe.');
      expect((await reportEmails()).length).toBe(before);
    });

    it('refuses without an admin email even when the additional email is set', async () => {
      await configure(db(), { adminEmail: null, additionalReportEmail: 'socio@example.com' });
      const before = (await reportEmails()).length;
      const response = await post();
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Configura el email del administrador para enviar el informe.');
      expect((await reportEmails()).length).toBe(before);
    });

    it('needs an admin session', async () => {
      await configure(db(), { adminEmail: 'jefe@example.com' });
      const response = await post(false);
      expect(response.statusCode).toBe(401);
      const staff = await app().signIn({ roles: [] });
      const forbidden = await app().request({ method: 'POST', url: '/api/admin/reports/test', cookie: staff });
      expect(forbidden.statusCode).toBe(403);
    });
  });
});

// Two instances on one database: this test starts its own two apps.
describe('exactly once across instances', () => {
  it.skipIf(!onPostgres)('two instances ticking together send one report and one reminder per reservation', async () => {
    const first = await createTestApp();
    const second = await createTestApp({ database: first.database });
    try {
      const dbA = first.instance.database.db;
      const dbB = second.instance.database.db;
      expect(dbA).not.toBe(dbB);
      await configure(dbA, { dailyReportEnabled: true, adminEmail: 'jefe@example.com', additionalReportEmail: null, dailyReportTime: '12:00', dailyReportTimezone: 'Europe/Madrid' });

      const booked = await Promise.all(Array.from({ length: 6 }, () => reserve(dbA)));
      const ids = booked.map((row) => row.id);
      const reminderCounts = async () => {
        const rows = await dbA
          .select()
          .from(emailOutbox)
          .where(and(inArray(emailOutbox.reservationId, ids), inArray(emailOutbox.kind, ['reminder_24h', 'reminder_2h'])));
        const counts: Record<string, number> = {};
        for (const row of rows) counts[`${row.reservationId} ${row.kind}`] = (counts[`${row.reservationId} ${row.kind}`] ?? 0) + 1;
        return counts;
      };
      const each = (kinds: string[]) => Object.fromEntries(ids.flatMap((id) => kinds.map((kind) => [`${id} ${kind}`, 1])));

      // sendDueReminders directly: the reservation_reminders key is the only guard.
      const now24 = new Date('2026-11-25T19:00:00Z');
      const sent = await Promise.all([sendDueReminders(dbA, now24), sendDueReminders(dbB, now24), sendDueReminders(dbA, now24), sendDueReminders(dbB, now24)]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(ids.length);
      expect(await reminderCounts()).toEqual(each(['reminder_24h']));

      // remindersJob: the minute claim and the reminder key.
      const now2 = new Date('2026-11-26T17:00:05Z');
      await Promise.all([remindersJob(dbA, 'a', PUBLIC_URL).tick(now2), remindersJob(dbB, 'b', PUBLIC_URL).tick(now2)]);
      expect(await reminderCounts()).toEqual(each(['reminder_24h', 'reminder_2h']));
      const minuteRuns = await dbA
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.jobName, 'reminders'), eq(jobRuns.scheduledFor, new Date('2026-11-26T17:00:00Z'))));
      expect(minuteRuns).toHaveLength(1);
      expect(['a', 'b']).toContain(minuteRuns[0]!.claimedBy);

      // dailyReportJob: one report for the day, whichever instance wins.
      const reports = () => dbA.select().from(emailOutbox).where(eq(emailOutbox.kind, 'daily_report'));
      const noon = new Date('2026-11-26T11:00:05Z');
      await Promise.all([dailyReportJob(dbA, 'a').tick(noon), dailyReportJob(dbB, 'b').tick(noon)]);
      expect((await reports()).map((email) => email.toAddress)).toEqual(['jefe@example.com']);
      const later = new Date('2026-11-26T11:01:05Z');
      await Promise.all([dailyReportJob(dbA, 'a').tick(later), dailyReportJob(dbB, 'b').tick(later)]);
      expect(await reports()).toHaveLength(1);
      const dayRuns = await dbA.select().from(jobRuns).where(eq(jobRuns.jobName, 'daily-report'));
      expect(dayRuns.map((run) => run.scheduledFor.toISOString())).toEqual(['2026-11-25T23:00:00.000Z']);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('Scheduler', () => {
  it("ticks every job with the clock's now, and a failing job neither stops the next one nor escapes", async () => {
    const clock = new ManualClock('2026-11-24T11:00:05Z');
    const seen: Array<[string, string]> = [];
    const recorder = (name: string): ScheduledJob => ({
      name,
      async tick(now) {
        seen.push([name, now.toISOString()]);
      },
    });
    const failing: ScheduledJob = {
      name: 'failing',
      async tick() {
        throw new Error('kaput');
      },
    };
    const throwsAtOnce: ScheduledJob = {
      name: 'throws-at-once',
      tick() {
        throw new Error('sync kaput');
      },
    };
    const warn = vi.fn();
    const scheduler = new Scheduler(clock, [recorder('first'), failing, throwsAtOnce, recorder('last')], { warn });

    await scheduler.tick();
    expect(seen).toEqual([
      ['first', '2026-11-24T11:00:05.000Z'],
      ['last', '2026-11-24T11:00:05.000Z'],
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenNthCalledWith(1, { err: expect.objectContaining({ message: 'kaput' }), job: 'failing' }, 'scheduled job failed');
    expect(warn).toHaveBeenNthCalledWith(2, { err: expect.objectContaining({ message: 'sync kaput' }), job: 'throws-at-once' }, 'scheduled job failed');

    clock.advance(MINUTE);
    await scheduler.tick();
    expect(seen.slice(2)).toEqual([
      ['first', '2026-11-24T11:01:05.000Z'],
      ['last', '2026-11-24T11:01:05.000Z'],
    ]);
  });

  it('ticks once on start and stops cleanly', async () => {
    const clock = new ManualClock('2026-11-24T11:00:05Z');
    const seen: string[] = [];
    let finish!: () => void;
    const slow: ScheduledJob = {
      name: 'slow',
      tick: (now) =>
        new Promise<void>((resolve) => {
          seen.push(now.toISOString());
          finish = resolve;
        }),
    };
    const scheduler = new Scheduler(clock, [slow], { warn: vi.fn() });
    scheduler.start();
    expect(seen).toEqual(['2026-11-24T11:00:05.000Z']);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false); // stop waits for the running tick
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
