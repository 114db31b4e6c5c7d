import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { createSession, sessionCookieName } from '../../src/server/platform/sessions.ts';
import { EventStreamReader } from '../support/event-stream.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { parseEmail, startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { waitFor } from '../support/wait-for.ts';

// Two real server processes on one PostgreSQL database, each with its own DATA_DIR and no SESSION_SECRET: the
// generated secret lives in the database, so a session is one thing for both, and ending it through either ends it
// on both at once; the per-IP limits are counted in the database, so two instances do not allow double.
// PGlite is one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = 'pimientos-de-padron-unos-pican-9';
const NEW_PASSWORD = 'gazpacho-andaluz-bien-frio-4';
const ADMIN_EMAIL = 'sesiones@example.com';
/** What an older install wrote to DATA_DIR/session-secret, before the secret moved to the database. */
const LEGACY_SECRET = 'legacy-secret-from-data-dir-0123456789abcdefgh';
const EXPIRED_HASH = 'an-expired-session-left-from-before';

let database: TestDatabase;
let smtp: SmtpPeer;
let dataDir: string;
let first: ServerProcess;
let second: ServerProcess;
let legacyCookie: string;
let clientCounter = 0;

/** Each test its own client address (TRUST_PROXY is on), so no rate-limit window is shared between tests. */
const freshClient = () => `10.7.0.${++clientCounter}`;

function call(server: ServerProcess, path: string, init: { method?: string; cookie?: string; body?: object; client?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: server.url,
      'x-forwarded-for': init.client ?? freshClient(),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

async function signIn(server: ServerProcess, email = ADMIN_EMAIL, password = PASSWORD): Promise<string> {
  const response = await call(server, '/api/auth/login', { method: 'POST', body: { email, password } });
  expect(response.status).toBe(200);
  return cookieOf(response);
}

function cookieOf(response: Response): string {
  const pair = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!).find((c) => c.startsWith('mesa_session='));
  expect(pair).toBeDefined();
  return pair!;
}

/** The status an admin route answers this cookie with: 200 signed in, 401 not. */
const adminStatus = async (server: ServerProcess, cookie: string) =>
  (await call(server, '/api/admin/security/summary', { cookie })).status;

async function adminCreate(email: string, password: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', email, '--password', password], {
    env: { ...process.env, DATABASE_URL: database.url!, DATA_DIR: join(dataDir, 'cli'), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code, output.join('')).toBe(0);
}

describe.skipIf(!onPostgres)('sessions and rate limits shared by two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    expect(process.env.SESSION_SECRET, 'these tests run without SESSION_SECRET').toBeUndefined();
    database = await createTestDatabase();
    smtp = await startSmtpPeer();
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-shared-sessions-'));
    await upsertAdmin(database.handle.db, ADMIN_EMAIL, PASSWORD);
    // An older install: the first instance's DATA_DIR holds the secret its staff's sessions were hashed with.
    mkdirSync(join(dataDir, 'first'));
    writeFileSync(join(dataDir, 'first', 'session-secret'), `${LEGACY_SECRET}\n`);
    const [admin] = await database.handle.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const context = { db: database.handle.db, clock: { now: () => new Date() }, secret: LEGACY_SECRET, secureCookies: false };
    legacyCookie = `${sessionCookieName(false)}=${await createSession(context, { userId: admin!.id })}`;
    const past = new Date(Date.now() - 60_000);
    await database.handle.db
      .insert(sessions)
      .values({ idHash: EXPIRED_HASH, userId: admin!.id, idleExpiresAt: past, absoluteExpiresAt: past });

    const start = (name: string) =>
      startServerProcess({ DATABASE_URL: database.url!, DATA_DIR: join(dataDir, name), SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
    // One after the other: the upgraded instance adopts its old secret before the new one could generate another.
    first = await start('first');
    second = await start('second');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first, second].filter(Boolean).map((server) => stopServerProcess(server)));
    await smtp?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('keeps the sessions of an older install signed in, on both instances', async () => {
    expect(await adminStatus(first, legacyCookie)).toBe(200);
    expect(await adminStatus(second, legacyCookie)).toBe(200);
  });

  it('purges expired sessions on schedule', async () => {
    const expired = () => database.handle.db.select().from(sessions).where(eq(sessions.idHash, EXPIRED_HASH));
    // The schedulers tick once at start, then every minute.
    await waitFor(async () => (await expired()).length === 0, { timeoutMs: 70_000, intervalMs: 200, what: 'the purge' });
  }, 80_000);

  it('accepts a session made on one instance on the other', async () => {
    const fromFirst = await signIn(first);
    expect(await adminStatus(second, fromFirst)).toBe(200);
    const fromSecond = await signIn(second);
    expect(await adminStatus(first, fromSecond)).toBe(200);
  });

  it('ends a session signed out through one instance on the other at once', async () => {
    const cookie = await signIn(first);
    expect(await adminStatus(first, cookie)).toBe(200);
    expect((await call(second, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expect(await adminStatus(first, cookie)).toBe(401);
    expect(await adminStatus(second, cookie)).toBe(401);
  });

  it('ends the live stream of a session signed out through the other instance', async () => {
    const cookie = await signIn(first);
    const response = await fetch(`${first.url}/api/admin/events`, { headers: { accept: 'text/event-stream', cookie } });
    expect(response.status).toBe(200);
    const stream = new EventStreamReader(response);
    try {
      expect((await stream.next(10_000)).event).toBe('ready');
      expect((await call(second, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
      // The stream asks again at every 15 s heartbeat.
      await expect(stream.next(25_000)).rejects.toThrow('the event stream ended');
    } finally {
      await stream.close();
    }
  }, 40_000);

  it('ends every session of a user on both instances when the password is reset through one', async () => {
    const email = 'reset-sesiones@example.com';
    await upsertAdmin(database.handle.db, email, PASSWORD);
    const onFirst = await signIn(first, email);
    const onSecond = await signIn(second, email);

    smtp.reset();
    expect((await call(second, '/api/auth/recovery', { method: 'POST', body: { email } })).status).toBe(200);
    const [mail] = await smtp.waitForMessages(1, 20_000);
    const token = /restablecer#token=([\w-]+)/.exec(parseEmail(mail!.raw).text)?.[1];
    expect(token, 'a reset link in the email').toBeDefined();
    const reset = await call(second, '/api/auth/reset', { method: 'POST', body: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);

    expect(await adminStatus(first, onFirst)).toBe(401);
    expect(await adminStatus(first, onSecond)).toBe(401);
    expect(await adminStatus(second, onFirst)).toBe(401);
    // The session the reset opened (on the second) works on the first.
    expect(await adminStatus(first, cookieOf(reset))).toBe(200);
  }, 40_000);

  it('ends every session of an administrator on both instances when admin:create resets its password', async () => {
    const email = 'cli-sesiones@example.com';
    await upsertAdmin(database.handle.db, email, PASSWORD);
    const onFirst = await signIn(first, email);
    const onSecond = await signIn(second, email);
    expect(await adminStatus(second, onFirst)).toBe(200);

    await adminCreate(email, NEW_PASSWORD);

    for (const server of [first, second]) {
      expect(await adminStatus(server, onFirst)).toBe(401);
      expect(await adminStatus(server, onSecond)).toBe(401);
    }
    expect(await adminStatus(second, await signIn(first, email, NEW_PASSWORD))).toBe(200);
  }, 40_000);

  describe('rate limits', () => {
    it('refuses the 31st booking request from one IP although the hits were spread over both instances', async () => {
      const client = freshClient();
      const send = (server: ServerProcess) =>
        call(server, '/api/public/reservations', { method: 'POST', client, body: { customerName: 'x' } });
      for (let i = 0; i < 30; i++) expect((await send(i % 2 === 0 ? first : second)).status, `request ${i + 1}`).toBe(400);
      expect((await send(first)).status).toBe(429);
      expect((await send(second)).status).toBe(429);
      // Another client is not affected.
      expect((await call(first, '/api/public/reservations', { method: 'POST', body: {} })).status).toBe(400);
    });

    it('refuses sign-ins from an IP after 20 failures over both instances; its successful sign-ins do not count', async () => {
      const client = freshClient();
      const attempt = (server: ServerProcess, email: string, password: string) =>
        call(server, '/api/auth/login', { method: 'POST', client, body: { email, password } });
      // A guessed email each time: five failures on one email would lock that account first.
      const fail = (server: ServerProcess, i: number) => attempt(server, `adivina-${i}@example.com`, 'not-the-password');
      for (let i = 0; i < 10; i++) expect((await fail(first, i)).status, `failure ${i + 1}`).toBe(401);
      for (let i = 0; i < 10; i++) expect((await attempt(second, ADMIN_EMAIL, PASSWORD)).status, `sign-in ${i + 1}`).toBe(200);
      for (let i = 10; i < 20; i++) expect((await fail(second, i)).status, `failure ${i + 1}`).toBe(401);
      // Checked before the password: the right one is refused too, on either instance.
      expect((await attempt(first, ADMIN_EMAIL, PASSWORD)).status).toBe(429);
      expect((await attempt(second, ADMIN_EMAIL, PASSWORD)).status).toBe(429);
    }, 60_000);
  });
});
