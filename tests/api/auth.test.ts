import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { accountLockouts, emailOutbox, loginAttempts } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { MESA_VERSION } from '../../src/server/version.ts';
import { freshAddress } from '../support/bookings.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const PASSWORD = 'salsa-verde-con-alcaparras-7';
const NEW_PASSWORD = 'tortilla-de-patatas-sin-cebolla-3';
const USER_AGENT = 'MesaTest/1.0 (auth.test.ts)';

// One app for the whole file. The clock only ever moves forward, so a test that advances it cannot make another
// test's data "newer"; every test uses its own emails and its own client IP (the rate limiters count per IP).
const clock = new ManualClock(new Date());
// listen: the change stream (SSE) never ends, so its admin case needs a real HTTP request that can be aborted.
const { app, db } = useApiSuite({ owner: false, clock, listen: true });


const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

interface ClientOptions {
  ip: string;
  cookie?: string;
  userAgent?: string;
}

function post(url: string, payload: unknown, { ip, cookie, userAgent = USER_AGENT }: ClientOptions) {
  return app().request({
    method: 'POST',
    url,
    remoteAddress: ip,
    cookie,
    headers: { 'user-agent': userAgent },
    payload: payload as Record<string, unknown>,
  });
}

function get(url: string, { ip, cookie }: ClientOptions) {
  return app().request({ method: 'GET', url, remoteAddress: ip, cookie });
}

const login = (email: string, password: string, client: ClientOptions) =>
  post('/api/auth/login', { email, password }, client);

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** The `mesa_session=…` pair of the response's Set-Cookie, ready to send back as a Cookie header. */
function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = setCookies(response).find((line) => line.startsWith('mesa_session='));
  expect(cookie, 'a mesa_session Set-Cookie').toBeDefined();
  const pair = cookie!.split(';')[0]!;
  expect(pair.length).toBeGreaterThan('mesa_session='.length);
  return pair;
}

async function sessionEmail(cookie: string): Promise<string | null> {
  const response = await get('/api/auth/session', { ip: freshAddress(), cookie });
  expect(response.statusCode).toBe(200);
  return response.json().user?.email ?? null;
}

const attemptsOf = (email: string) =>
  db().select().from(loginAttempts).where(eq(loginAttempts.email, email)).orderBy(loginAttempts.id);

async function lockoutOf(email: string) {
  const [row] = await db().select().from(accountLockouts).where(eq(accountLockouts.email, email));
  return row;
}

function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.message).toBe(message);
}

/** Fails `count` sign-ins for `email` with a wrong password, each answered 401. */
async function failSignIns(email: string, count: number, ip: string) {
  for (let i = 0; i < count; i++) {
    expectError(await login(email, `wrong-password-${i}-xyz`, { ip }), 401, loginMessages.invalidCredentials);
  }
}

describe('sign-in', () => {
  it('answers the user, sets an HttpOnly SameSite=Lax session cookie and records the attempt', async () => {
    const email = freshEmail('ana');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();

    const response = await login(email, PASSWORD, { ip });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { id: expect.any(String), email, isAdmin: true, role: 'admin', secondFactorDue: false } });

    const cookieLine = setCookies(response).find((line) => line.startsWith('mesa_session='))!;
    const attributes = cookieLine.split(';').map((part) => part.trim());
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Lax');
    expect(attributes).toContain('Path=/');
    // PUBLIC_URL is http:// in tests: a Secure cookie would never come back.
    expect(attributes.map((attribute) => attribute.toLowerCase())).not.toContain('secure');

    const attempts = await attemptsOf(email);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ success: true, ipAddress: ip, userAgent: USER_AGENT, reason: null });
    expect(attempts[0]!.attemptTime.getTime()).toBe(clock.now().getTime());

    expect(await sessionEmail(sessionCookie(response))).toBe(email);
  });

  it('gives a new session id at every sign-in and ends the session the browser sent along', async () => {
    const email = freshEmail('bruno');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();

    const first = sessionCookie(await login(email, PASSWORD, { ip }));
    const secondResponse = await login(email, PASSWORD, { ip, cookie: first });
    expect(secondResponse.statusCode).toBe(200);
    const second = sessionCookie(secondResponse);
    expect(second).not.toBe(first);
    expect(await sessionEmail(first)).toBeNull();
    expect(await sessionEmail(second)).toBe(email);

    // A sign-in from another browser (no cookie sent) leaves the existing session alone.
    const third = sessionCookie(await login(email, PASSWORD, { ip }));
    expect(third).not.toBe(second);
    expect(await sessionEmail(second)).toBe(email);
    expect(await sessionEmail(third)).toBe(email);
  });

  it('answers a wrong password and an unknown email with the same 401 and message', async () => {
    const email = freshEmail('carla');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();

    const wrong = await login(email, `${PASSWORD}-no`, { ip });
    const unknown = await login(freshEmail('nobody'), PASSWORD, { ip });
    for (const response of [wrong, unknown]) {
      expectError(response, 401, 'Credenciales inválidas. Verifica tu email y contraseña.');
      expect(response.json().error.code).toBe('invalid_credentials');
      expect(setCookies(response).some((line) => line.startsWith('mesa_session='))).toBe(false);
    }
    const [attempt] = await attemptsOf(email);
    expect(attempt).toMatchObject({ success: false, reason: 'invalid_credentials', ipAddress: ip });
  });

  it('answers empty fields with 400 and asks to fill them in', async () => {
    const ip = freshAddress();
    for (const payload of [
      { email: '', password: '' },
      { email: 'someone@example.com', password: '' },
      { email: '   ', password: PASSWORD },
    ]) {
      expectError(await post('/api/auth/login', payload, { ip }), 400, 'Por favor completa todos los campos');
    }
  });

  it('treats the email case-insensitively and ignores surrounding spaces', async () => {
    const email = freshEmail('dolores');
    await upsertAdmin(db(), email, PASSWORD);

    const response = await login(`  ${email.toUpperCase()} `, PASSWORD, { ip: freshAddress() });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
    expect((await attemptsOf(email)).map((attempt) => attempt.success)).toEqual([true]);
  });
});

describe('lockout', () => {
  it('locks the account for 15 minutes at the 5th failure, even against the right password', async () => {
    const email = freshEmail('eva');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();

    await failSignIns(email, 4, ip);
    expect(await lockoutOf(email)).toBeUndefined();

    const fifth = await login(email, 'still-the-wrong-one', { ip });
    expectError(
      fifth,
      423,
      'Tu cuenta ha sido bloqueada temporalmente por múltiples intentos fallidos. Intenta nuevamente en 15 minutos.',
    );
    const lockout = await lockoutOf(email);
    expect(lockout).toMatchObject({ failedAttempts: 5 });
    expect(lockout!.lockedUntil.getTime()).toBe(clock.now().getTime() + 15 * MINUTE);

    expectError(await login(email, PASSWORD, { ip }), 423, loginMessages.locked);
    expect((await attemptsOf(email)).map((attempt) => [attempt.success, attempt.reason])).toEqual([
      ...Array(4).fill([false, 'invalid_credentials']),
      [false, 'account_locked'],
      [false, 'account_locked'],
    ]);
    clock.advance(15 * MINUTE - SECOND);
    expectError(await login(email, PASSWORD, { ip }), 423, loginMessages.locked);

    clock.advance(2 * SECOND);
    const afterwards = await login(email, PASSWORD, { ip });
    expect(afterwards.statusCode).toBe(200);
    expect(afterwards.json().user.email).toBe(email);
  });

  it('does not count refusals while locked towards the next lockout', async () => {
    const email = freshEmail('eloy');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();
    await failSignIns(email, 4, ip);
    expectError(await login(email, 'wrong-5th-xyz', { ip }), 423, loginMessages.locked);

    // The owner keeps trying the right password while locked…
    clock.advance(14 * MINUTE);
    for (let i = 0; i < 4; i++) expectError(await login(email, PASSWORD, { ip }), 423, loginMessages.locked);
    // …and once the lockout is over, one typo is just a typo.
    clock.advance(MINUTE + SECOND);
    expectError(await login(email, 'a-single-typo-xyz', { ip }), 401, loginMessages.invalidCredentials);
    expect((await login(email, PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('does not count refused /admin visits as failed sign-ins', async () => {
    const email = freshEmail('elena');
    const staff = await app().signIn({ roles: [], email });
    const ip = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/admin-access', undefined, { ip, cookie: staff })).statusCode).toBe(403);
    }
    clock.advance(SECOND);
    expectError(await login(email, 'a-single-typo-xyz', { ip }), 401, loginMessages.invalidCredentials);
    expect(await lockoutOf(email)).toBeUndefined();
  });

  it('does not count failures older than 15 minutes', async () => {
    const email = freshEmail('fede');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();

    await failSignIns(email, 4, ip);
    clock.advance(16 * MINUTE);
    await failSignIns(email, 1, freshAddress());
    expect(await lockoutOf(email)).toBeUndefined();
    expect((await login(email, PASSWORD, { ip: freshAddress() })).statusCode).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    const email = freshEmail('gala');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();

    await failSignIns(email, 4, ip);
    clock.advance(SECOND);
    expect((await login(email, PASSWORD, { ip })).statusCode).toBe(200);
    clock.advance(SECOND);
    await failSignIns(email, 4, ip);
    expect(await lockoutOf(email)).toBeUndefined();
    // Proof that the counter still works: the 5th failure since the success locks.
    expectError(await login(email, 'wrong-again-xyz', { ip }), 423, loginMessages.locked);
  });
});

describe('security administration', () => {
  it('lists the active lockout, and unlocking lets the right password in again', async () => {
    const email = freshEmail('hugo');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();
    await failSignIns(email, 4, ip);
    expectError(await login(email, 'wrong-5th-xyz', { ip }), 423, loginMessages.locked);
    const admin = await app().signIn();

    const listed = await get('/api/admin/security/lockouts', { ip, cookie: admin });
    expect(listed.statusCode).toBe(200);
    const mine = listed.json().filter((lockout: { email: string }) => lockout.email === email);
    expect(mine).toEqual([
      {
        id: expect.any(String),
        email,
        failedAttempts: 5,
        lockedUntil: new Date(clock.now().getTime() + 15 * MINUTE).toISOString(),
        createdAt: clock.now().toISOString(),
      },
    ]);

    const unlock = await app().request({
      method: 'DELETE',
      url: `/api/admin/security/lockouts/${encodeURIComponent(email)}`,
      cookie: admin,
    });
    expect(unlock.statusCode).toBe(204);
    expect(await lockoutOf(email)).toBeUndefined();
    const relisted = await get('/api/admin/security/lockouts', { ip, cookie: admin });
    expect(relisted.json().some((lockout: { email: string }) => lockout.email === email)).toBe(false);

    // The failures that led to the lockout are behind it: one typo after the unlock does not lock again.
    clock.advance(SECOND);
    expectError(await login(email, 'a-single-typo-xyz', { ip }), 401, loginMessages.invalidCredentials);
    const signIn = await login(email, PASSWORD, { ip });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.email).toBe(email);
  });

  it('answers 204 when unlocking an email that has no lockout', async () => {
    const admin = await app().signIn();
    const response = await app().request({
      method: 'DELETE',
      url: `/api/admin/security/lockouts/${encodeURIComponent(freshEmail('never-locked'))}`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(204);
  });

  it('counts locked accounts, failures and attempts of the last 24 hours', async () => {
    // Everything the earlier tests did falls out of the 24-hour window, and their lockouts expire.
    clock.advance(DAY + HOUR);
    const summary = async () => {
      // A new admin session each time: the clock jumps further than a session's idle expiry.
      const response = await get('/api/admin/security/summary', { ip: freshAddress(), cookie: await app().signIn() });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await summary()).toEqual({ lockedAccounts: 0, failedLast24h: 0, attemptsLast24h: 0, version: MESA_VERSION });

    const locked = freshEmail('ines');
    const fine = freshEmail('jaime');
    await upsertAdmin(db(), locked, PASSWORD);
    await upsertAdmin(db(), fine, PASSWORD);
    const ip = freshAddress();
    await failSignIns(locked, 4, ip);
    expectError(await login(locked, 'wrong-5th-xyz', { ip }), 423, loginMessages.locked);
    await failSignIns(freshEmail('nobody'), 2, ip);
    expect((await login(fine, PASSWORD, { ip })).statusCode).toBe(200);

    expect(await summary()).toEqual({ lockedAccounts: 1, failedLast24h: 7, attemptsLast24h: 8, version: MESA_VERSION });

    // 23 hours on, the attempts still count but the lockout has expired; 2 hours more and nothing counts.
    clock.advance(23 * HOUR);
    expect(await summary()).toEqual({ lockedAccounts: 0, failedLast24h: 7, attemptsLast24h: 8, version: MESA_VERSION });
    clock.advance(2 * HOUR);
    expect(await summary()).toEqual({ lockedAccounts: 0, failedLast24h: 0, attemptsLast24h: 0, version: MESA_VERSION });
  });

  it('lists the newest login attempts first, 20 by default or 100, and refuses other limits', async () => {
    clock.advance(HOUR);
    const base = clock.now().getTime();
    // 120 attempts, one a second, newer than anything else in the table; bulk-0 is the newest.
    await db()
      .insert(loginAttempts)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          email: `bulk-${i}@example.com`,
          success: i % 3 === 0,
          attemptTime: new Date(base - i * SECOND),
          ipAddress: i % 2 === 0 ? '192.0.2.7' : null,
          userAgent: null,
          reason: i % 3 === 0 ? null : 'invalid_credentials',
        })),
      );
    const admin = await app().signIn();
    const list = async (query: string) => get(`/api/admin/security/login-attempts${query}`, { ip: freshAddress(), cookie: admin });

    const twenty = await list('?limit=20');
    expect(twenty.statusCode).toBe(200);
    expect(twenty.json().map((attempt: { email: string }) => attempt.email)).toEqual(
      Array.from({ length: 20 }, (_, i) => `bulk-${i}@example.com`),
    );
    expect(twenty.json()[0]).toEqual({
      id: expect.any(Number),
      email: 'bulk-0@example.com',
      attemptTime: new Date(base).toISOString(),
      success: true,
      ipAddress: '192.0.2.7',
      userAgent: null,
      reason: null,
    });

    const byDefault = await list('');
    expect(byDefault.json()).toEqual(twenty.json());

    const hundred = await list('?limit=100');
    expect(hundred.statusCode).toBe(200);
    expect(hundred.json().map((attempt: { email: string }) => attempt.email)).toEqual(
      Array.from({ length: 100 }, (_, i) => `bulk-${i}@example.com`),
    );

    for (const query of ['?limit=7', '?limit=101', '?limit=abc']) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
  });
});

describe('rate limits', () => {
  it('answers the 21st sign-in from one IP within 15 minutes with 429, per IP, until the window passes', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 20; i++) {
      const response = await login(freshEmail('guess'), 'not-a-real-password', { ip });
      expect(response.statusCode, `request ${i + 1}`).toBe(401);
    }
    const limitedEmail = freshEmail('guess');
    expectError(await login(limitedEmail, 'not-a-real-password', { ip }), 429, 'Demasiados intentos. Intenta nuevamente más tarde.');
    // The limiter answers before any password work or bookkeeping.
    expect(await attemptsOf(limitedEmail)).toEqual([]);

    // Another client is not affected.
    expect((await login(freshEmail('guess'), 'not-a-real-password', { ip: freshAddress() })).statusCode).toBe(401);

    clock.advance(15 * MINUTE - SECOND);
    expect((await login(freshEmail('guess'), 'not-a-real-password', { ip })).statusCode).toBe(429);
    clock.advance(SECOND);
    expect((await login(freshEmail('guess'), 'not-a-real-password', { ip })).statusCode).toBe(401);
  });

  it('answers the 6th recovery request from one IP within 15 minutes with 429, until the window passes', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/auth/recovery', { email: freshEmail('lost') }, { ip });
      expect(response.statusCode, `request ${i + 1}`).toBe(200);
    }
    expectError(await post('/api/auth/recovery', { email: freshEmail('lost') }, { ip }), 429, loginMessages.tooManyRequests);
    expect((await post('/api/auth/recovery', { email: freshEmail('lost') }, { ip: freshAddress() })).statusCode).toBe(200);

    clock.advance(15 * MINUTE);
    expect((await post('/api/auth/recovery', { email: freshEmail('lost') }, { ip })).statusCode).toBe(200);
  });
});

const RESET_LINK = /http:\/\/localhost:3000\/auth\/restablecer#token=([\w-]+)/;

async function outboxFor(email: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.id));
}

/** Asks for a recovery email and returns the token from the link it carries. */
async function recoveryToken(email: string): Promise<string> {
  const response = await post('/api/auth/recovery', { email }, { ip: freshAddress() });
  expect(response.statusCode).toBe(200);
  const [newest] = await outboxFor(email);
  const match = RESET_LINK.exec(newest ? (await deliveredEmail(db(), newest, clock)).text : '');
  expect(match, 'a reset link in the recovery email').not.toBeNull();
  return match![1]!;
}

describe('password recovery', () => {
  it('answers the same for an unknown and a real email, and only emails the real one', async () => {
    const real = freshEmail('karen');
    const unknown = freshEmail('ghost');
    await upsertAdmin(db(), real, PASSWORD);
    const ip = freshAddress();

    const forUnknown = await post('/api/auth/recovery', { email: unknown }, { ip });
    const forReal = await post('/api/auth/recovery', { email: real.toUpperCase() }, { ip });
    for (const response of [forUnknown, forReal]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Se ha enviado un email para restablecer tu contraseña' });
    }

    // Both are queued alike; the delivery worker finds no account for the unknown one and sends nothing
    // (tests/api/outbox-secrets.test.ts proves it through a real SMTP server).
    const rows = await outboxFor(real);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'password_recovery', toAddress: real });
    const delivered = await deliveredEmail(db(), rows[0]!, clock);
    expect(delivered.text).toMatch(RESET_LINK);
    // The token travels in the fragment only: never in a path or query a server would log.
    expect(delivered.text).not.toMatch(/restablecer\?|restablecer\/[A-Za-z0-9]/);
  });

  it('asks for the email when it is empty', async () => {
    const ip = freshAddress();
    expectError(await post('/api/auth/recovery', { email: '' }, { ip }), 400, 'Por favor ingresa tu email');
    expectError(await post('/api/auth/recovery', { email: '  ' }, { ip }), 400, 'Por favor ingresa tu email');
  });
});

describe('password reset', () => {
  it('checks the link without spending it, refuses weak passwords, then resets and signs in', async () => {
    const email = freshEmail('lucia');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();
    const laptop = sessionCookie(await login(email, PASSWORD, { ip }));
    const phone = sessionCookie(await login(email, PASSWORD, { ip }));
    const token = await recoveryToken(email);

    expect((await get(`/api/auth/reset/${token}`, { ip })).statusCode).toBe(204);
    expect((await get(`/api/auth/reset/${token}`, { ip })).statusCode).toBe(204);

    const tooShort = await post('/api/auth/reset', { token, password: 'corta-11ch' }, { ip });
    expectError(tooShort, 400, 'La contraseña debe tener al menos 12 caracteres');
    expect(tooShort.json().error.fields.password).toBe('La contraseña debe tener al menos 12 caracteres');

    for (const common of ['password1234', 'PASSWORD 1234']) {
      const response = await post('/api/auth/reset', { token, password: common }, { ip });
      expectError(response, 400, 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar.');
      expect(response.json().error.fields.password).toBe(loginMessages.passwordTooCommon);
    }
    // Refused passwords do not spend the link.
    expect((await get(`/api/auth/reset/${token}`, { ip })).statusCode).toBe(204);

    const reset = await post('/api/auth/reset', { token, password: NEW_PASSWORD }, { ip });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ user: { id: expect.any(String), email, isAdmin: true, role: 'admin', secondFactorDue: false } });
    const fresh = sessionCookie(reset);
    expect(await sessionEmail(fresh)).toBe(email);
    // Every other session of the user ends.
    expect(await sessionEmail(laptop)).toBeNull();
    expect(await sessionEmail(phone)).toBeNull();

    expectError(await login(email, PASSWORD, { ip }), 401, loginMessages.invalidCredentials);
    expect((await login(email, NEW_PASSWORD, { ip })).statusCode).toBe(200);

    const again = await post('/api/auth/reset', { token, password: 'otra-contrasena-muy-larga-9' }, { ip });
    expectError(again, 410, 'El enlace no es válido o ha caducado. Solicita uno nuevo.');
    expectError(await get(`/api/auth/reset/${token}`, { ip }), 410, loginMessages.resetLinkInvalid);
    expect((await login(email, NEW_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('spends every other link of the user once the password is reset', async () => {
    const email = freshEmail('lola');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();
    const older = await recoveryToken(email);
    const newer = await recoveryToken(email);
    expect(older).not.toBe(newer);

    const reset = await post('/api/auth/reset', { token: newer, password: NEW_PASSWORD }, { ip });
    expect(reset.statusCode).toBe(200);
    expectError(await get(`/api/auth/reset/${older}`, { ip }), 410, loginMessages.resetLinkInvalid);
    expectError(
      await post('/api/auth/reset', { token: older, password: 'otra-contrasena-muy-larga-9' }, { ip }),
      410,
      loginMessages.resetLinkInvalid,
    );
    // The owner's new session survives and the password is the one they chose.
    expect(await sessionEmail(sessionCookie(reset))).toBe(email);
    expect((await login(email, NEW_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous resets with two links of the same user through', async () => {
    const email = freshEmail('lorenzo');
    await upsertAdmin(db(), email, PASSWORD);
    const [first, second] = [await recoveryToken(email), await recoveryToken(email)];
    const responses = await Promise.all([
      post('/api/auth/reset', { token: first, password: NEW_PASSWORD }, { ip: freshAddress() }),
      post('/api/auth/reset', { token: second, password: 'otra-contrasena-muy-larga-9' }, { ip: freshAddress() }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    const winner = responses.findIndex((response) => response.statusCode === 200);
    const chosen = winner === 0 ? NEW_PASSWORD : 'otra-contrasena-muy-larga-9';
    expect((await login(email, chosen, { ip: freshAddress() })).statusCode).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const email = freshEmail('mario');
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();
    const token = await recoveryToken(email);

    clock.advance(59 * MINUTE);
    expect((await get(`/api/auth/reset/${token}`, { ip })).statusCode).toBe(204);
    clock.advance(MINUTE + SECOND);
    expectError(await get(`/api/auth/reset/${token}`, { ip }), 410, loginMessages.resetLinkInvalid);
    expectError(await post('/api/auth/reset', { token, password: NEW_PASSWORD }, { ip }), 410, loginMessages.resetLinkInvalid);
    expect((await login(email, PASSWORD, { ip })).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const ip = freshAddress();
    const token = 'x'.repeat(43);
    expectError(await get(`/api/auth/reset/${token}`, { ip }), 410, loginMessages.resetLinkInvalid);
    expectError(await post('/api/auth/reset', { token, password: NEW_PASSWORD }, { ip }), 410, loginMessages.resetLinkInvalid);
  });
});

describe('logout', () => {
  it('ends the session and clears the cookie', async () => {
    const cookie = await app().signIn();
    const ip = freshAddress();
    expect((await get('/api/admin/security/summary', { ip, cookie })).statusCode).toBe(200);

    const response = await post('/api/auth/logout', undefined, { ip, cookie });
    expect(response.statusCode).toBe(204);
    const cleared = setCookies(response).find((line) => line.startsWith('mesa_session='));
    expect(cleared).toBeDefined();
    expect(cleared!.split(';')[0]).toBe('mesa_session=');
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    expectError(await get('/api/admin/security/summary', { ip, cookie }), 401, messages.http.unauthorized);
    expect(await sessionEmail(cookie)).toBeNull();
  });
});

describe('admin access check', () => {
  it('answers 401 anonymous, 204 to an admin, and 403 to a non-admin, recording the refusal', async () => {
    const ip = freshAddress();
    expectError(await post('/api/auth/admin-access', undefined, { ip }), 401, messages.http.unauthorized);
    expect((await post('/api/auth/admin-access', undefined, { ip, cookie: await app().signIn() })).statusCode).toBe(204);

    const email = freshEmail('nuria');
    const staff = await app().signIn({ roles: [], email });
    expectError(
      await post('/api/auth/admin-access', undefined, { ip, cookie: staff, userAgent: 'Curious/2.0' }),
      403,
      messages.http.forbidden,
    );
    const attempts = await attemptsOf(email);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      success: false,
      reason: 'unauthorized_admin_access',
      userAgent: 'Curious/2.0',
      ipAddress: ip,
    });
  });
});

describe('session expiry', () => {
  const stillSignedIn = async (cookie: string) => {
    const response = await get('/api/admin/security/summary', { ip: freshAddress(), cookie });
    expect([200, 401]).toContain(response.statusCode);
    return response.statusCode === 200;
  };

  it('ends a session left unused for 12 hours', async () => {
    const cookie = await app().signIn();
    clock.advance(12 * HOUR - SECOND);
    expect(await stillSignedIn(cookie)).toBe(true);

    const idle = await app().signIn();
    clock.advance(12 * HOUR);
    expect(await stillSignedIn(idle)).toBe(false);
  });

  it('keeps a session used every 11 hours alive until the 7-day cap', async () => {
    const cookie = await app().signIn();
    for (let hours = 11; hours <= 165; hours += 11) {
      clock.advance(11 * HOUR);
      expect(await stillSignedIn(cookie), `after ${hours} h`).toBe(true);
    }
    clock.advance(3 * HOUR - SECOND); // 7 days less a second
    expect(await stillSignedIn(cookie)).toBe(true);
    clock.advance(2 * SECOND);
    expect(await stillSignedIn(cookie)).toBe(false);
    expect(await sessionEmail(cookie)).toBeNull();
  });
});

describe('CSRF', () => {
  it('refuses a sign-in posted from another site', async () => {
    const response = await app().request({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshAddress(),
      headers: { origin: 'https://evil.example' },
      payload: { email: 'someone@example.com', password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'csrf', message: messages.http.csrf });
  });

  it('accepts a Referer of this site when the browser sent no Origin, and refuses a foreign one', async () => {
    const ip = freshAddress();
    const email = freshEmail('olga');
    await upsertAdmin(db(), email, PASSWORD);
    const send = (referer: string) =>
      app().instance.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        headers: { referer },
        payload: { email, password: PASSWORD },
      });

    const accepted = await send(`${TEST_ORIGIN}/auth`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user.email).toBe(email);
    expect((await send('https://evil.example/auth')).statusCode).toBe(403);
  });
});

// The walk over every route (anonymous, non-admin, admin, expired sessions, CSRF) is in route-walk.test.ts.
