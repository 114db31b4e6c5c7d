import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD } from '@shared/limits.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { confirmEnrolment, startEnrolment } from '../../src/server/modules/two-step/service.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { secretBox } from '../../src/server/platform/secret-box.ts';
import { EventStreamReader } from '../support/event-stream.ts';
import { insertStaff, uniqueEmail } from '../support/factories.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Issue 44 across two real server processes on one PostgreSQL database: a two-step code and its lockout, and
// sessions ended from 'Mis dispositivos' or Equipo, are one thing for both instances. PGlite is one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = 'Croquetas-de-jamon-caseras-2026';
const SECRETS_KEY = 'the secrets key both instances of this suite share';

let database: TestDatabase;
let dataDir: string;
let first: ServerProcess;
let second: ServerProcess;
let clientCounter = 0;

function call(server: ServerProcess, path: string, init: { method?: string; cookie?: string; body?: object; userAgent?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: server.url,
      // Each call its own client address (TRUST_PROXY is on): no per-IP window is shared between tests.
      'x-forwarded-for': `10.9.0.${++clientCounter % 250}`,
      ...(init.userAgent ? { 'user-agent': init.userAgent } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

const cookieNamed = (response: Response, name: string) => {
  const pair = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!).find((c) => c.startsWith(`${name}=`));
  expect(pair, name).toBeDefined();
  return pair!;
};

async function member(roles: ('admin' | 'manager' | 'floor')[] = ['admin']) {
  const email = uniqueEmail('dos-instancias');
  const user = await insertStaff(database.handle.db, { email, passwordHash: await hashPassword(PASSWORD), roles });
  return user;
}

async function signIn(server: ServerProcess, email: string, userAgent?: string): Promise<string> {
  const response = await call(server, '/api/auth/login', { method: 'POST', body: { email, password: PASSWORD }, userAgent });
  expect(response.status).toBe(200);
  return cookieNamed(response, 'mesa_session');
}

const adminStatus = async (server: ServerProcess, cookie: string) => (await call(server, '/api/admin/account/sessions', { cookie })).status;

describe.skipIf(!onPostgres)('sign-in security shared by two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-sign-in-instances-'));
    const start = (name: string) =>
      startServerProcess({ DATABASE_URL: database.url!, DATA_DIR: join(dataDir, name), SECRETS_KEY, TRUST_PROXY: 'true' });
    [first, second] = await Promise.all([start('first'), start('second')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first, second].filter(Boolean).map((server) => stopServerProcess(server)));
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('takes the code after a password given to the other instance, and locks the step counting both', async () => {
    const owner = await member();
    // Enrolled a minute and a half ago (the server's own key seals the seed): now's code is a later step.
    const then = new ManualClock(new Date(Date.now() - 90_000));
    const deps = { db: database.handle.db, clock: then, box: secretBox({ secretsKey: SECRETS_KEY, dataDir }) };
    const { uri } = await startEnrolment(deps, owner, 'Mesa');
    const seed = new URL(uri).searchParams.get('secret')!;
    await confirmEnrolment(deps, owner.id, currentCode(seed, then.now()), { email: owner.email, ipAddress: null });

    const password = await call(first, '/api/auth/login', { method: 'POST', body: { email: owner.email, password: PASSWORD } });
    expect(await password.json()).toEqual({ user: null, secondStep: 'code' });
    const challenge = cookieNamed(password, 'mesa_sign_in');
    const code = await call(second, '/api/auth/login/code', { method: 'POST', cookie: challenge, body: { code: currentCode(seed, new Date()) } });
    expect(code.status).toBe(200);
    expect(await adminStatus(first, cookieNamed(code, 'mesa_session'))).toBe(200);

    const again = cookieNamed(await call(second, '/api/auth/login', { method: 'POST', body: { email: owner.email, password: PASSWORD } }), 'mesa_sign_in');
    const answers: number[] = [];
    for (let attempt = 0; attempt < LOCKOUT_THRESHOLD; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      answers.push((await call(server, '/api/auth/login/code', { method: 'POST', cookie: again, body: { code: '000000' } })).status);
    }
    expect(answers).toEqual([400, 400, 400, 400, 423]);
  }, 60_000);

  it("ends a session from 'Mis dispositivos' on the other instance, and its live stream within a heartbeat", async () => {
    const owner = await member(['floor']);
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
    const onPhone = await signIn(first, owner.email, phone);
    const onLaptop = await signIn(second, owner.email);
    const stream = new EventStreamReader(await fetch(`${first.url}/api/admin/events`, { headers: { accept: 'text/event-stream', cookie: onPhone } }));
    try {
      expect((await stream.next(10_000)).event).toBe('ready');
      const listed = (await (await call(second, '/api/admin/account/sessions', { cookie: onLaptop })).json()) as { id: string; system: string | null; current: boolean }[];
      expect(listed).toHaveLength(2);
      const phoneSession = listed.find((session) => !session.current)!;
      expect(phoneSession.system).toBe('iOS');
      expect((await call(second, `/api/admin/account/sessions/${phoneSession.id}`, { method: 'DELETE', cookie: onLaptop })).status).toBe(204);
      expect(await adminStatus(first, onPhone)).toBe(401);
      expect(await adminStatus(second, onLaptop)).toBe(200);
      // The stream asks again at every 15 s heartbeat; changes may come through it until then.
      const deadline = Date.now() + 25_000;
      const readToTheEnd = async () => {
        for (;;) await stream.next(Math.max(1, deadline - Date.now()));
      };
      await expect(readToTheEnd()).rejects.toThrow('the event stream ended');
    } finally {
      await stream.close();
    }
  }, 45_000);

  it("lets the owner end a member's session through one instance, and the member is out on the other", async () => {
    const owner = await member();
    const waiter = await member(['floor']);
    const waiterCookie = await signIn(first, waiter.email);
    const ownerCookie = await signIn(second, owner.email);
    const listed = (await (await call(second, `/api/admin/team/members/${waiter.id}/sessions`, { cookie: ownerCookie })).json()) as { id: string }[];
    expect(listed).toHaveLength(1);
    expect((await call(second, `/api/admin/team/members/${waiter.id}/sessions/${listed[0]!.id}`, { method: 'DELETE', cookie: ownerCookie })).status).toBe(204);
    expect(await adminStatus(first, waiterCookie)).toBe(401);
  }, 30_000);
});
