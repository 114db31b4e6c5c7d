// Issue 52, item 7 (decision 067): the staff's 'Nueva reserva' email for each request, as an hourly summary, or only
// in the daily report; every staff email writes its dates 'sábado 5 de diciembre, 21:00'. Read from a real SMTP peer.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationsMessages } from '@shared/staff-messages/notifications.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { emailOutbox, notificationSettings, operatingHours, pendingRequestAlerts } from '../../src/server/db/schema.ts';
import { newRequestSummaryJob } from '../../src/server/modules/notifications/new-request-alerts.ts';
import { dailyReportJob } from '../../src/server/modules/reports/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { bookAsGuest } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';
import { parseEmail, type SmtpPeer, startSmtpPeer } from '../support/smtp-peer.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const OWNER = 'jefe@example.com';
const PUBLIC_URL = new URL('http://localhost:3000/');
const SATURDAY_DINNER = { reservationDate: '2026-12-05', reservationTime: '21:00' };
const WHEN = 'sábado 5 de diciembre, 21:00';

let peer: SmtpPeer;
let app: TestApp;
let owner: string;
const clock = new ManualClock('2026-11-30T19:10:00Z');
const db = () => app.instance.database.db;
const api = (method: 'GET' | 'PATCH', payload?: object, cookie = owner) =>
  app.request({ method, url: '/api/admin/notification-settings', cookie, ...(payload ? { payload } : {}) });

/** A guest's request for Saturday's dinner, made at `at` (UTC). */
async function requestAt(at: string, customerName: string): Promise<string> {
  clock.set(at);
  return bookAsGuest(app, { ...SATURDAY_DINNER, customerName, numberOfPeople: 4 });
}

/** Ticks a job at `at` (UTC), the clock set there too, so that the outbox sends what it queues. */
async function tickAt(job: { tick(now: Date): Promise<void> }, at: string): Promise<void> {
  clock.set(at);
  await job.tick(clock.now());
}

const queued = (kind: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, OWNER)));

/** The owner's emails as the SMTP peer received them, once `count` have arrived, as [subject, text]. */
async function ownerInbox(count: number) {
  const received = await waitFor(() => {
    const mine = peer.messages.filter((message) => message.envelopeTo.includes(OWNER));
    return mine.length >= count && mine;
  }, { what: `${count} emails to the owner` });
  return received.map((message) => parseEmail(message.raw)).map((email) => ({ subject: email.header('subject'), text: email.text }));
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  app = await createTestApp({ clock, transport: smtpTransport(peer.url), outboxPollMs: 50, outboxRetryBaseMs: 20 });
  owner = await app.signIn();
  await configure(db(), { adminEmail: OWNER, additionalReportEmail: null, closingTime: '23:30', dailyReportEnabled: false });
  await db().update(operatingHours).set({ closeTime: '23:30' }).where(eq(operatingHours.dayOfWeek, 6));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await peer?.close();
});
beforeEach(async () => {
  // Every test starts from a drained inbox and outbox: what it reads is what it caused.
  await waitFor(async () => (await db().select().from(emailOutbox).where(isNull(emailOutbox.sentAt))).length === 0, { what: 'an idle outbox' });
  await db().delete(emailOutbox);
  peer.reset();
});

describe('the setting', () => {
  it("is 'Cada reserva' until changed, and the owner and an encargado may change it; the floor staff may not", async () => {
    expect((await api('GET')).json()).toMatchObject({ newRequestEmailMode: 'each' });
    const manager = await app.signIn({ roles: ['manager'] });
    const floor = await app.signIn({ roles: ['floor'] });
    expect((await api('PATCH', { newRequestEmailMode: 'hourly' }, manager)).json()).toMatchObject({ newRequestEmailMode: 'hourly' });
    expect((await api('PATCH', { newRequestEmailMode: 'daily' }, floor)).statusCode).toBe(403);
    const bad = await api('PATCH', { newRequestEmailMode: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(settingsMessages.validation.newRequestEmailModeInvalid);
    expect((await api('GET')).json()).toMatchObject({ newRequestEmailMode: 'hourly' });
    expect((await api('PATCH', { newRequestEmailMode: 'each' })).json()).toMatchObject({ newRequestEmailMode: 'each' });
    // The screen's texts name the three modes as the issue does.
    expect(Object.values(notificationsMessages.newRequestEmail.modes)).toEqual(['Cada reserva', 'Resumen cada hora', 'Solo el informe diario']);
  });
});

describe("'Cada reserva'", () => {
  it('sends one email per request, its date in Spanish', async () => {
    await api('PATCH', { newRequestEmailMode: 'each' });
    await requestAt('2026-11-30T19:10:00Z', 'Ana Cada');
    await requestAt('2026-11-30T19:12:00Z', 'Bruno Cada');
    const inbox = await ownerInbox(2);
    expect(inbox.map((email) => email.subject).sort()).toEqual([
      `Nueva reserva: Ana Cada, ${WHEN} · Mi Restaurante`,
      `Nueva reserva: Bruno Cada, ${WHEN} · Mi Restaurante`,
    ]);
    expect(inbox[0]!.text).toContain(`Fecha: ${WHEN}`);
    expect(inbox[0]!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await db().select().from(pendingRequestAlerts)).toEqual([]);
  });
});

describe("'Resumen cada hora'", () => {
  it("sends one summary at the hour listing that hour's requests, none for an empty hour, and never one twice", async () => {
    await api('PATCH', { newRequestEmailMode: 'hourly' });
    const job = newRequestSummaryJob(db(), 'instance-a', PUBLIC_URL);
    await requestAt('2026-11-30T19:10:00Z', 'Carla Hora');
    await requestAt('2026-11-30T19:40:00Z', 'Dani Hora');
    expect(await queued('staff_new_reservation')).toEqual([]);

    await tickAt(job, '2026-11-30T19:59:05Z'); // 20:59 Madrid: the hour is not over
    expect(await queued('staff_new_request_summary')).toEqual([]);
    // Arrives at 21:00:02 Madrid, before the tick of 21:00: it belongs to the next hour.
    await requestAt('2026-11-30T20:00:02Z', 'Eva Siguiente');
    await tickAt(job, '2026-11-30T20:00:05Z');
    await tickAt(job, '2026-11-30T20:30:05Z'); // the same hour again: claimed
    const [first] = await ownerInbox(1);
    expect(first!.subject).toBe('2 solicitudes de reserva nuevas · Mi Restaurante');
    expect(first!.text).toContain('Han llegado 2 solicitudes hasta el lunes 30 de noviembre, 21:00:');
    expect(first!.text).toContain(`lunes 30 de noviembre, 20:10 · ${WHEN} · Carla Hora · 4 · Pendiente`);
    expect(first!.text).toContain(`lunes 30 de noviembre, 20:40 · ${WHEN} · Dani Hora · 4 · Pendiente`);
    expect(first!.text).not.toContain('Eva Siguiente');
    expect(await queued('staff_new_request_summary')).toHaveLength(1);

    await tickAt(job, '2026-11-30T21:00:05Z');
    const [, second] = await ownerInbox(2);
    expect(second!.subject).toBe('1 solicitud de reserva nueva · Mi Restaurante');
    expect(second!.text).toContain('Ha llegado 1 solicitud hasta el lunes 30 de noviembre, 22:00:');
    expect(second!.text).toContain(`lunes 30 de noviembre, 21:00 · ${WHEN} · Eva Siguiente`);

    await tickAt(job, '2026-11-30T22:00:05Z'); // an hour without requests
    expect(await queued('staff_new_request_summary')).toHaveLength(2);
    expect(await queued('staff_new_reservation')).toEqual([]);
  });
});

describe("'Solo el informe diario'", () => {
  it('sends no email per request; the daily report lists them, once', async () => {
    await api('PATCH', { newRequestEmailMode: 'daily' });
    await configure(db(), { dailyReportEnabled: true, dailyReportTime: '09:00', dailyReportTimezone: 'Europe/Madrid' });
    try {
      const summaries = newRequestSummaryJob(db(), 'instance-a', PUBLIC_URL);
      const report = dailyReportJob(db(), 'instance-a');
      await requestAt('2026-12-01T06:10:00Z', 'Gema Diario');
      await requestAt('2026-12-01T07:20:00Z', 'Hugo Diario');
      await tickAt(summaries, '2026-12-01T07:00:05Z');
      await tickAt(summaries, '2026-12-01T08:00:05Z');
      expect(await queued('staff_new_reservation')).toEqual([]);
      expect(await queued('staff_new_request_summary')).toEqual([]);

      await tickAt(report, '2026-12-01T08:00:05Z'); // 09:00 Madrid
      const [daily] = await ownerInbox(1);
      expect(daily!.subject).toBe('Informe diario · Mi Restaurante · martes 1 de diciembre');
      expect(daily!.text).toContain('Solicitudes nuevas desde el último informe: 2');
      expect(daily!.text).toContain(`martes 1 de diciembre, 07:10 · ${WHEN} · Gema Diario · 4 · Pendiente`);
      expect(daily!.text).toContain(`martes 1 de diciembre, 08:20 · ${WHEN} · Hugo Diario · 4 · Pendiente`);
      expect(await db().select().from(pendingRequestAlerts)).toEqual([]);

      // The next day's report lists none of them again.
      await tickAt(report, '2026-12-02T08:00:05Z');
      const [, next] = await ownerInbox(2);
      expect(next!.text).toContain('Solicitudes nuevas desde el último informe: 0');
      expect(next!.text).not.toContain('Gema Diario');
    } finally {
      await configure(db(), { dailyReportEnabled: false });
    }
  });

  it('falls back to the hourly summary while the daily report is off, so no request goes unmentioned', async () => {
    await api('PATCH', { newRequestEmailMode: 'daily' });
    await requestAt('2026-12-02T10:10:00Z', 'Inés Sin Informe');
    await tickAt(newRequestSummaryJob(db(), 'instance-a', PUBLIC_URL), '2026-12-02T11:00:05Z');
    const [summary] = await ownerInbox(1);
    expect(summary!.text).toContain('Inés Sin Informe');
  });
});

describe('exactly once across instances', () => {
  it.skipIf(!onPostgres)('two instances ticking at the hour queue one summary listing each request once', async () => {
    const second = await createTestApp({ database: app.database, clock, transport: smtpTransport(peer.url) });
    try {
      await api('PATCH', { newRequestEmailMode: 'hourly' });
      const ids = [await requestAt('2026-12-03T10:05:00Z', 'Jon Uno'), await requestAt('2026-12-03T10:06:00Z', 'Kai Dos')];
      clock.set('2026-12-03T11:00:05Z');
      const hour = clock.now();
      await Promise.all([
        newRequestSummaryJob(db(), 'instance-a', PUBLIC_URL).tick(hour),
        newRequestSummaryJob(second.instance.database.db, 'instance-b', PUBLIC_URL).tick(hour),
        newRequestSummaryJob(db(), 'instance-a', PUBLIC_URL).tick(hour),
      ]);
      const summaries = await queued('staff_new_request_summary');
      const listing = summaries.filter((email) => email.textBody.includes('Jon Uno'));
      expect(listing).toHaveLength(1);
      expect(listing[0]!.textBody).toContain('Kai Dos');
      expect(await db().select().from(pendingRequestAlerts).where(inArray(pendingRequestAlerts.reservationId, ids))).toEqual([]);
    } finally {
      await second.close();
      await db().update(notificationSettings).set({ newRequestEmailMode: 'each' });
    }
  });
});
