// Decision 012: no working link, token or reset code can be read from any table or from a backup, at any moment of
// an email's life (queued, failed and waiting to retry, sent); the email the guest receives holds one that works.
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { sendDueReminders } from '../../src/server/modules/notifications/reminders.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { writeBackup } from '../../src/server/modules/backups/backup.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { freshAddress, openDayNextWeek, publicBooking } from '../support/bookings.ts';
import { parseEmail, type ReceivedMessage, startSmtpPeer } from '../support/smtp-peer.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { everyTableAsText as databaseText } from '../support/database-text.ts';
import { configure } from '../support/factories.ts';

const OWNER = 'duena@example.com';
const peer = usePeer(() => startSmtpPeer());
// Retries wait a minute: a failed email stays at rest, waiting, until the test makes it due again.
const { app, db } = useApiSuite(() => ({ owner: false, transport: smtpTransport(peer().url), outboxPollMs: 50, outboxRetryBaseMs: 60_000, listen: true }));
let cookie: string;

beforeAll(async () => {
  await configure(db(), { adminEmail: 'sala@example.com' });
  await upsertAdmin(db(), OWNER, 'una-contrasena-bien-larga-1');
  cookie = await app().signIn();
}, 60_000);
let workerRunning = true;
async function stopWorker() {
  await app().instance.outbox.stop();
  workerRunning = false;
}
async function startWorker() {
  await app().instance.outbox.start();
  workerRunning = true;
}
// A failed test leaves the mail server and the worker running for the next one.
afterEach(async () => {
  await peer().start();
  if (!workerRunning) await startWorker();
});

const run = promisify(execFile);
let backups = 0;

const everyTableAsText = () => databaseText(db());

/** `npm run backup` itself on PostgreSQL; PGlite here lives in memory, so its dump comes from the function the script runs. */
async function backupText(): Promise<string> {
  const url = app().database.url;
  if (url) {
    const file = join(app().dataDir, `backup-${++backups}.sql`);
    await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', file], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: app().dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(40) },
    });
    const dump = readFileSync(file, 'utf8');
    expect(dump).toContain('email_outbox');
    return dump;
  }
  const lines: string[] = [];
  await writeBackup(db(), (line) => {
    lines.push(line);
  });
  return lines.join('\n');
}

/** Token-shaped strings (43 base64url characters) and whatever follows /reserva/ or #token=, also inside base64 (.ics). */
function candidates(text: string): Set<string> {
  const decoded = [...text.matchAll(/[A-Z0-9+/]{40,}={0,2}/gi)].map((match) =>
    Buffer.from(match[0], 'base64').toString('utf8').replace(/\r\n[ \t]/g, ''),
  );
  const found = new Set<string>();
  for (const part of [text, ...decoded]) {
    for (const match of part.matchAll(/(?<![\w-])[\w-]{43}(?![\w-])/g)) found.add(match[0]);
    for (const match of part.matchAll(/(?:\/reserva\/|#token=)([^\s"'<>&\\;,)]+)/g)) found.add(match[1]!);
  }
  return found;
}

const guestPage = (token: string) =>
  app().request({ method: 'GET', url: `/api/public/guest-reservations/${encodeURIComponent(token)}`, remoteAddress: freshAddress() });
const resetCheck = (token: string) => app().request({ method: 'GET', url: `/api/auth/reset/${encodeURIComponent(token)}`, remoteAddress: freshAddress() });

/** Scans the database and a backup; no string found there opens a guest page or a password reset. */
async function expectNothingUsableAtRest(moment: string): Promise<void> {
  const found = new Set([...candidates(await everyTableAsText()), ...candidates(await backupText())]);
  for (const candidate of found) {
    expect((await guestPage(candidate)).statusCode, `${moment}: ${candidate} opens a guest page`).not.toBe(200);
    expect((await resetCheck(candidate)).statusCode, `${moment}: ${candidate} is a usable reset link`).not.toBe(204);
  }
}

const pendingRows = () => db().select().from(emailOutbox).where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt)));

/**
 * Runs `produce` with the worker stopped (queued), then with the mail server down (failed, waiting to retry), then
 * delivers; scans at each moment. Returns the messages the SMTP server received.
 */
async function throughEveryMoment(produce: () => Promise<void>): Promise<ReceivedMessage[]> {
  peer().reset();
  await stopWorker();
  await produce();
  // A staff change's guest email waits out the 'Deshacer' window (issue 19), and a reminder queued at the simulated
  // time of its job (next week) waits for that time: both are made due now.
  await db().update(emailOutbox).set({ nextAttemptAt: new Date(0) }).where(isNull(emailOutbox.sentAt));
  expect((await pendingRows()).length).toBeGreaterThan(0);
  await expectNothingUsableAtRest('queued');

  await peer().stop();
  await startWorker();
  await waitFor(async () => (await pendingRows()).every((row) => row.attempts >= 1 && row.lastError), { what: 'failed attempts' });
  await expectNothingUsableAtRest('failed, waiting to retry');

  await peer().start();
  await db().update(emailOutbox).set({ nextAttemptAt: new Date(0) }).where(isNull(emailOutbox.sentAt));
  app().instance.outbox.wake();
  await waitFor(async () => (await pendingRows()).length === 0, { what: 'every email sent' });
  await expectNothingUsableAtRest('sent');
  return [...peer().messages];
}

/** The message's text as sent (quoted-printable soft breaks joined), wherever its MIME parts put it. */
const sentText = (message: ReceivedMessage) => message.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const guestLinks = (message: ReceivedMessage) => [...sentText(message).matchAll(/\/reserva\/([\w-]{43})/g)].map((m) => m[1]!);
const resetLinks = (message: ReceivedMessage) => [...sentText(message).matchAll(/#token=([\w-]{43})/g)].map((m) => m[1]!);
/** The .ics attached to a message, unfolded, after checking that every line is folded to 75 octets. */
function calendarOf(message: ReceivedMessage): string | null {
  const part = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Z0-9+/=\r\n]+)/i.exec(message.raw)?.[1];
  if (!part) return null;
  const ics = Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8');
  expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  return ics.replace(/\r\n /g, '');
}
const to = (messages: ReceivedMessage[], address: string) => messages.filter((message) => message.envelopeTo.includes(address));

async function book(body: ReturnType<typeof publicBooking>): Promise<void> {
  const response = await app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress: freshAddress() });
  expect(response.statusCode, response.body).toBe(201);
}
const setStatus = async (id: string, status: 'confirmed' | 'cancelled') => {
  const payload = status === 'cancelled' ? { status, reason: 'Cocina cerrada' } : { status };
  const response = await app().request({ method: 'PATCH', url: `/api/admin/reservations/${id}/status`, cookie, payload });
  expect(response.statusCode, response.body).toBe(200);
};
const setAutoConfirm = (on: boolean) => configure(db(), { autoConfirmationEnabled: on });

describe('links in emails (decision 012)', () => {
  it('are never readable at rest in a working form, while every delivered email carries a working one', { timeout: 180_000 }, async () => {
    const date = openDayNextWeek();
    const pending = publicBooking(date, 0);
    const confirmed = publicBooking(date, 1);
    const cancelled = publicBooking(date, 2);
    const automatic = publicBooking(date, 3);
    const ghost = 'nadie-1234@example.com';

    const first = await throughEveryMoment(async () => {
      for (const body of [pending, confirmed, cancelled]) await book(body);
      await setStatus(confirmed.id, 'confirmed');
      await setStatus(cancelled.id, 'cancelled');
      await setAutoConfirm(true);
      await book(automatic);
      await setAutoConfirm(false);
      // The 2 h reminder of the auto-confirmed 16:00 booking, due from 14:00 Madrid that day.
      expect(await sendDueReminders(db(), new Date(`${date}T14:30:00+01:00`), app().config.publicUrl)).toBe(1);
      for (const kind of ['confirmation', 'reminder24h', 'reminder2h', 'cancellation']) {
        const response = await app().request({ method: 'POST', url: '/api/admin/notifications/test', cookie, payload: { kind } });
        expect(response.statusCode, response.body).toBe(202);
      }
      for (const email of [OWNER, ghost]) {
        const response = await app().request({ method: 'POST', url: '/api/auth/recovery', payload: { email }, remoteAddress: freshAddress() });
        expect(response.statusCode).toBe(200);
      }
    });

    // welcome ×3, confirmed, cancelled, auto-confirmed, 2 h reminder: each with a link of its own that works.
    const guestMessages = [pending, confirmed, cancelled, automatic].flatMap((body) => to(first, body.customerEmail));
    expect(guestMessages).toHaveLength(7);
    for (const message of guestMessages) {
      const [token] = guestLinks(message);
      expect(token, message.raw).toBeDefined();
      expect((await guestPage(token!)).statusCode).toBe(200);
    }
    // The calendar files of both confirmations hold a working link too.
    const calendars = guestMessages.map(calendarOf).filter((ics): ics is string => ics !== null);
    expect(calendars).toHaveLength(2);
    for (const ics of calendars) expect((await guestPage(/\/reserva\/([\w-]{43})/.exec(ics)![1]!)).statusCode).toBe(200);
    const tests = to(first, 'sala@example.com').filter((message) =>
      (parseEmail(message.raw).header('subject') ?? '').startsWith(staffEmailMessages.testSubjectPrefix),
    );
    expect(tests).toHaveLength(4);
    const [ownerReset] = to(first, OWNER);
    expect(to(first, OWNER)).toHaveLength(1);
    expect((await resetCheck(resetLinks(ownerReset!)[0]!)).statusCode).toBe(204);
    expect(to(first, ghost)).toHaveLength(0);

    // A guest's own actions through the link: a change request and a cancellation, each answered by email.
    const [pendingToken] = guestLinks(to(first, pending.customerEmail)[0]!);
    const [autoToken] = guestLinks(to(first, automatic.customerEmail)[0]!);
    const second = await throughEveryMoment(async () => {
      const change = await app().request({
        method: 'POST',
        url: `/api/public/guest-reservations/${pendingToken}/change-request`,
        payload: { id: randomUUID(), reservationDate: date, reservationTime: '15:00', numberOfPeople: 3 },
        remoteAddress: freshAddress(),
      });
      expect(change.statusCode, change.body).toBe(201);
      const cancel = await app().request({ method: 'POST', url: `/api/public/guest-reservations/${autoToken}/cancel`, remoteAddress: freshAddress() });
      expect(cancel.statusCode, cancel.body).toBe(200);
    });
    for (const message of [...to(second, pending.customerEmail), ...to(second, automatic.customerEmail)]) {
      expect((await guestPage(guestLinks(message)[0]!)).statusCode).toBe(200);
    }
    expect(to(second, pending.customerEmail)).toHaveLength(1);
    expect(to(second, automatic.customerEmail)).toHaveLength(1);
  });
});

describe('password recovery (issue 17, item 9)', () => {
  it('emails an existing account exactly one working link, an unknown email nothing, with identical answers', { timeout: 60_000 }, async () => {
    peer().reset();
    const ghost = 'nadie-5678@example.com';
    const answers = [];
    for (const email of [OWNER, ghost]) {
      const response = await app().request({ method: 'POST', url: '/api/auth/recovery', payload: { email }, remoteAddress: freshAddress() });
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ message: 'Se ha enviado un email para restablecer tu contraseña' }) });
    expect(answers[1]).toEqual(answers[0]);
    const [message] = await peer().waitForMessages(1);
    await waitFor(async () => (await pendingRows()).length === 0, { what: 'both requests handled' });
    expect(peer().messages).toHaveLength(1);
    expect(message!.envelopeTo).toEqual([OWNER]);
    const [token] = resetLinks(message!);
    expect((await resetCheck(token!)).statusCode).toBe(204);
    // Nothing is kept of the request for an unknown email.
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, ghost))).toEqual([]);
  });
});

describe('emails queued before decision 012', () => {
  it('lose their clear links to the migration; unsent ones still deliver a working link', { timeout: 60_000 }, async () => {
    peer().reset();
    const body = publicBooking(openDayNextWeek(), 0);
    await book(body);
    await waitFor(async () => (await pendingRows()).length === 0, { what: 'the booking emails sent' });
    peer().reset();
    await stopWorker();
    const [reservation] = await db().select().from(reservations).where(eq(reservations.id, body.id));
    // Rows as the old code wrote them: the token in clear, in the bodies and (folded) in the .ics.
    const oldStyle = async (sent: boolean) => {
      const token = await issueSelfServiceToken(db(), reservation!.id, new Date());
      const url = `http://localhost:3000/reserva/${token}`;
      const ics = `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nURL:${url.slice(0, 60)}\r\n ${url.slice(60)}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
      await db().insert(emailOutbox).values({
        kind: 'reservation_confirmed',
        toAddress: body.customerEmail,
        subject: 'Reserva confirmada',
        textBody: `Gestiona tu reserva: ${url}`,
        htmlBody: `<a href="${url}">Gestionar</a>`,
        reservationId: reservation!.id,
        attachments: [{ filename: 'reserva.ics', contentType: 'text/calendar; charset=UTF-8', contentBase64: Buffer.from(ics).toString('base64') }],
        sentAt: sent ? new Date() : null,
      });
      return token;
    };
    const sentToken = await oldStyle(true);
    await oldStyle(false);
    expect(candidates(await everyTableAsText())).toContain(sentToken);

    await db().execute(sql.raw(readFileSync('src/server/db/migrations/0010_scrub_outbox_links.sql', 'utf8')));
    expect(candidates(await everyTableAsText())).not.toContain(sentToken);
    await expectNothingUsableAtRest('after the migration');

    await startWorker();
    const [message] = await peer().waitForMessages(1);
    expect((await guestPage(guestLinks(message!)[0]!)).statusCode).toBe(200);
    const ics = calendarOf(message!)!;
    expect((await guestPage(/\/reserva\/([\w-]{43})/.exec(ics)![1]!)).statusCode).toBe(200);
  });
});
