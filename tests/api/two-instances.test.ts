import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import { emailOutbox, jobRuns, reservationReminders, restaurantConfig } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { openDayNextWeek, postBooking, publicBooking } from '../support/bookings.ts';
import { EventStreamReader } from '../support/event-stream.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { signInTo } from '../support/server-sign-in.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { waitFor } from '../support/wait-for.ts';
import { insertReservation } from '../support/factories.ts';

// Two real server processes (`src/server/main.ts`, as `npm start` runs it) on one PostgreSQL database: what one
// writes reaches the other's live stream through LISTEN/NOTIFY, their outbox workers share the queue without
// sending anything twice, and their schedulers run the daily report once. PGlite is one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = 'correct-horse-battery-staple-42';
const ADMIN_EMAIL = 'sala@example.com';
const BOOKINGS_PER_INSTANCE = 8;
const REMINDED_GUEST = 'recordada@example.com';

let database: TestDatabase;
let smtp: SmtpPeer;
let dataDir: string;
const servers: ServerProcess[] = [];

async function book(server: ServerProcess, body: object): Promise<number> {
  return (await postBooking(server.url, body)).status;
}

const signIn = (server: ServerProcess) => signInTo(server, { email: ADMIN_EMAIL, password: PASSWORD });

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpPeer();
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-two-instances-'));
    await upsertAdmin(database.handle.db, ADMIN_EMAIL, PASSWORD);
    // A confirmed booking starting in 90 minutes, made yesterday: its 2 h reminder is due at the first tick of both.
    const startsAt = new Date(Date.now() + 90 * 60_000);
    await insertReservation(database.handle.db, {
      customerName: 'Recordada Dos Horas',
      customerPhone: '600 123 456',
      customerEmail: REMINDED_GUEST,
      numberOfPeople: 2,
      reservationDate: madridToday(startsAt),
      reservationTime: madridNowTime(startsAt),
      status: 'confirmed',
      createdAt: new Date(Date.now() - 24 * 60 * 60_000),
    });
    // Due at midnight, so each scheduler's first tick finds today's report late and both try to send it.
    await database.handle.db
      .update(restaurantConfig)
      .set({ adminEmail: ADMIN_EMAIL, dailyReportEnabled: true, dailyReportTime: '00:00' })
      .where(eq(restaurantConfig.id, 1));
    const start = async (name: string) => {
      const server = await startServerProcess({
        DATABASE_URL: database.url!,
        DATA_DIR: join(dataDir, name),
        SMTP_URL: smtp.url,
        SESSION_SECRET: 'two-instances-share-this-session-secret-0123456789',
        TRUST_PROXY: 'true', // each booking from its own guest address (postBooking)
      });
      servers.push(server);
      return server;
    };
    [first, second] = await Promise.all([start('first'), start('second')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await smtp?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("streams one instance's write to staff connected to the other", async () => {
    const cookie = await signIn(second);
    const response = await fetch(`${second.url}/api/admin/events`, { headers: { accept: 'text/event-stream', cookie } });
    expect(response.status).toBe(200);
    const stream = new EventStreamReader(response);
    try {
      expect((await stream.next(10_000)).event).toBe('ready');
      const body = publicBooking(openDayNextWeek(), 0);
      expect(await book(first, body)).toBe(201);
      const events = await stream.until((event) => event.event === 'change' && event.data.includes(body.id), 10_000);
      expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ table: 'reservations', id: body.id });
    } finally {
      await stream.close();
    }
  });

  it('delivers every email of a burst split over both instances exactly once', async () => {
    const date = openDayNextWeek();
    const bodies = Array.from({ length: BOOKINGS_PER_INSTANCE * 2 }, (_, index) => publicBooking(date, index + 1));
    const statuses = await Promise.all(bodies.map((body, index) => book(index % 2 === 0 ? first : second, body)));
    expect(statuses.every((status) => status === 201)).toBe(true);

    const queued = await waitFor(
      async () => {
        const rows = await database.handle.db.select().from(emailOutbox);
        return rows.every((row) => row.sentAt !== null) && smtp.messages.length >= rows.length && rows;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'every queued email to be sent' },
    );
    const guestEmails = bodies.map((body) => body.customerEmail);
    const received = smtp.messages.flatMap((message) => message.envelopeTo);
    for (const address of guestEmails) expect(received.filter((to) => to === address)).toHaveLength(1);
    // Staff alerts and the report go to the admin address; nothing queued was sent twice in all.
    expect(smtp.messages.length).toBe(queued.length);
  });

  it('sends a due reminder once although both schedulers found it due', async () => {
    const reminders = await waitFor(
      async () => {
        const rows = await database.handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, REMINDED_GUEST));
        return rows.length > 0 && rows;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the 2 h reminder' },
    );
    // Both schedulers have ticked by now (they tick on start, before /healthz answered).
    expect(reminders.map((row) => row.kind)).toEqual(['reminder_2h']);
    expect(await database.handle.db.select().from(reservationReminders)).toHaveLength(1);
  });

  it('runs the daily report once although both schedulers found it due', async () => {
    const runs = await waitFor(
      async () => {
        const rows = await database.handle.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'daily-report'));
        return rows.length > 0 && rows.every((row) => row.finishedAt !== null) && rows;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the daily report run' },
    );
    expect(runs).toHaveLength(1);
    const reports = await database.handle.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'daily_report'));
    expect(reports).toHaveLength(1);
    expect(reports[0]!.toAddress).toBe(ADMIN_EMAIL);
  });
});
