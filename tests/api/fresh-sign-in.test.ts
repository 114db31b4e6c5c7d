import { describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD, RECENT_SIGN_IN_MINUTES } from '@shared/limits.ts';
import { messages } from '@shared/messages.ts';
import { RECENT_SIGN_IN_ROUTES } from '@shared/rules/permissions.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { confirmEnrolment, startEnrolment } from '../../src/server/modules/two-step/service.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { secretBox } from '../../src/server/platform/secret-box.ts';
import { insertStaff, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 44, item 5: one fresh sign-in (the password, or a two-step code, within RECENT_SIGN_IN_MINUTES) before every
// sensitive route, whatever it is.
const clock = new ManualClock('2026-11-28T19:00:10Z');
const suite = useApiSuite({ clock });
const PASSWORD = 'Pulpo-a-feira-con-cachelos-3';
const STALE_MS = (RECENT_SIGN_IN_MINUTES + 1) * 60_000;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** An owner whose two-step codes are on, signed in with password and code: the cookie and the seed. */
async function ownerWithCodes() {
  const owner = await insertStaff(suite.db(), { email: uniqueEmail('fresco'), passwordHash: await hashPassword(PASSWORD) });
  const { config } = suite.app();
  const deps = { db: suite.db(), clock, box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }) };
  const { uri } = await startEnrolment(deps, owner, 'Mesa');
  const seed = new URL(uri).searchParams.get('secret')!;
  await confirmEnrolment(deps, owner.id, currentCode(seed, clock.now()), { email: owner.email, ipAddress: null });
  clock.advance(30_000);
  const remoteAddress = freshAddress();
  const password = await suite.app().request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: PASSWORD }, remoteAddress });
  const challenge = password.cookies.find((cookie) => cookie.name === 'mesa_sign_in')!;
  const code = await suite.app().request({
    method: 'POST',
    url: '/api/auth/login/code',
    payload: { code: currentCode(seed, clock.now()) },
    cookie: `${challenge.name}=${challenge.value}`,
    remoteAddress,
  });
  expect(code.statusCode, code.body).toBe(200);
  const session = code.cookies.find((cookie) => cookie.name === 'mesa_session')!;
  return { cookie: `${session.name}=${session.value}`, seed };
}

const call = (route: string, cookie: string) => {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  return suite.api(method, path.replaceAll(/:\w+/g, SOME_ID), method === 'GET' || method === 'DELETE' ? undefined : {}, cookie);
};

describe('the fresh sign-in', () => {
  it(`is asked by every sensitive route once ${RECENT_SIGN_IN_MINUTES} minutes have passed, and a code gives it again`, async () => {
    const { cookie, seed } = await ownerWithCodes();
    clock.advance(STALE_MS);
    expect(RECENT_SIGN_IN_ROUTES.size).toBeGreaterThan(10);
    for (const route of RECENT_SIGN_IN_ROUTES) {
      const refused = await call(route, cookie);
      expect([refused.statusCode, refused.json().error?.code, refused.json().error?.message], route).toEqual([
        403,
        'recent_sign_in_required',
        messages.permissions.recentSignIn,
      ]);
    }

    const confirmed = await suite.api('POST', '/account/confirm-code', { code: currentCode(seed, clock.now()) }, cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    // The same code again is refused: a code is single-use.
    const replayed = await suite.api('POST', '/account/confirm-code', { code: currentCode(seed, clock.now()) }, cookie);
    expect([replayed.statusCode, replayed.json().error.message]).toEqual([400, 'Código incorrecto']);
    // Past the gate now, each route answers for itself (with the made-up id, mostly a 404 or a 400).
    for (const route of RECENT_SIGN_IN_ROUTES) {
      const answer = await call(route, cookie);
      expect(answer.statusCode === 403 && answer.json().error?.code === 'recent_sign_in_required', route).toBe(false);
    }
  });

  it('by code counts wrong codes and locks like the sign-in step', async () => {
    const { cookie, seed } = await ownerWithCodes();
    clock.advance(STALE_MS);
    const answers: number[] = [];
    for (let attempt = 0; attempt < LOCKOUT_THRESHOLD; attempt++) {
      answers.push((await suite.api('POST', '/account/confirm-code', { code: '000000' }, cookie)).statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 423]);
    clock.advance(30_000);
    expect((await suite.api('POST', '/account/confirm-code', { code: currentCode(seed, clock.now()) }, cookie)).statusCode).toBe(423);
    expect((await suite.api('GET', '/account/fresh-sign-in', undefined, cookie)).statusCode).toBe(403);
  });

  it('by code is refused for an account without codes, and bad input is a 400', async () => {
    const cookie = await suite.app().signIn();
    expect((await suite.api('POST', '/account/confirm-code', { code: '123456' }, cookie)).statusCode).toBe(400);
    expect((await suite.api('POST', '/account/confirm-code', { code: 'x'.repeat(5000) }, cookie)).statusCode).toBe(400);
    expect((await suite.api('POST', '/account/confirm-code', [], cookie)).statusCode).toBe(400);
    expect((await suite.api('GET', '/account/fresh-sign-in', undefined, cookie)).statusCode).toBe(204);
  });
});
