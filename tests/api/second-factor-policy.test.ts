import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_MINUTES } from '@shared/limits.ts';
import { messages } from '@shared/messages.ts';
import { sensitiveChanges, staffPasskeys } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertStaff, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 44, item 3: the owner requires a second factor of owners and encargados; one without is signed in to set
// one up, and to nothing else until it has.
const clock = new ManualClock('2026-11-28T19:00:10Z');
const suite = useApiSuite({ clock });
const PASSWORD = 'Fabada-asturiana-con-compango-5';

async function member(role: 'admin' | 'manager' | 'floor') {
  return insertStaff(suite.db(), { email: uniqueEmail('segundo-factor'), passwordHash: await hashPassword(PASSWORD), roles: [role] });
}

async function signIn(email: string) {
  const response = await suite.app().request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: freshAddress() });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.cookies.find((cookie) => cookie.name === 'mesa_session')!;
  return { cookie: `${session.name}=${session.value}`, user: response.json().user as { secondFactorDue: boolean } };
}

async function require(required: boolean, owner: string) {
  const response = await suite.api('PUT', '/team/second-factor', { required }, owner);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ required });
}

describe('the owner\'s requirement of a second factor', () => {
  it('is the owner\'s alone, behind the fresh sign-in, and each change is a line in Seguridad', async () => {
    const owner = await member('admin');
    const { cookie } = await signIn(owner.email);
    const manager = (await signIn((await member('manager')).email)).cookie;
    expect((await suite.api('GET', '/team/second-factor', undefined, cookie)).json()).toEqual({ required: false });
    expect((await suite.api('PUT', '/team/second-factor', { required: true }, manager)).statusCode).toBe(403);
    expect((await suite.api('PUT', '/team/second-factor', { required: 'sí' }, cookie)).statusCode).toBe(400);

    await require(true, cookie);
    await require(true, cookie);
    await require(false, cookie);
    const lines = await suite.db().select().from(sensitiveChanges).where(and(eq(sensitiveChanges.actorEmail, owner.email), eq(sensitiveChanges.action, 'second_factor_requirement_changed')));
    expect(lines.map((line) => line.detail)).toEqual(['Activado: propietarios y encargados necesitan un segundo factor', 'Desactivado']);

    clock.advance((RECENT_SIGN_IN_MINUTES + 1) * 60_000);
    const stale = await suite.api('PUT', '/team/second-factor', { required: true }, cookie);
    expect([stale.statusCode, stale.json().error.code]).toEqual([403, 'recent_sign_in_required']);
  });

  it('opens only the set-up to an encargado without one, and the panel once a code is on, in the same session', async () => {
    const owner = await signIn((await member('admin')).email);
    await require(true, owner.cookie);
    try {
      const manager = await member('manager');
      const { cookie, user } = await signIn(manager.email);
      expect(user.secondFactorDue).toBe(true);
      const refused = await suite.api('GET', '/reservations/today', undefined, cookie);
      expect([refused.statusCode, refused.json().error.code, refused.json().error.message]).toEqual([403, 'second_factor_required', messages.permissions.secondFactorRequired]);
      expect((await suite.api('GET', '/events', undefined, cookie)).statusCode).toBe(403);
      expect((await suite.api('GET', '/account/passkeys', undefined, cookie)).statusCode).toBe(200);

      const enrolment = await suite.api('POST', '/account/two-step', undefined, cookie);
      expect(enrolment.statusCode, enrolment.body).toBe(200);
      const seed = new URL(enrolment.json().uri).searchParams.get('secret')!;
      expect((await suite.api('POST', '/account/two-step/confirm', { code: currentCode(seed, clock.now()) }, cookie)).statusCode).toBe(200);
      expect((await suite.api('GET', '/reservations/today', undefined, cookie)).statusCode).toBe(200);
      const session = await suite.app().request({ method: 'GET', url: '/api/auth/session', cookie });
      expect(session.json().user.secondFactorDue).toBe(false);
    } finally {
      // Signed in before the requirement: an owner signing in now without a factor would be held too.
      await require(false, owner.cookie);
    }
  });

  it('leaves the floor staff, and those with a passkey, as they were; off again, nobody is held', async () => {
    const owner = await signIn((await member('admin')).email);
    await require(true, owner.cookie);
    const waiter = await signIn((await member('floor')).email);
    expect(waiter.user.secondFactorDue).toBe(false);
    expect((await suite.api('GET', '/reservations/today', undefined, waiter.cookie)).statusCode).toBe(200);

    const withPasskey = await member('admin');
    await suite.db().insert(staffPasskeys).values({ userId: withPasskey.id, credentialId: `credential-${withPasskey.id}`, publicKey: 'pQECAyYgASFYIA', counter: 0, transports: ['internal'], name: 'Chrome en Linux' });
    expect((await signIn(withPasskey.email)).user.secondFactorDue).toBe(false);
    const without = await member('admin');
    expect((await signIn(without.email)).user.secondFactorDue).toBe(true);

    await require(false, owner.cookie);
    const again = await signIn(without.email);
    expect(again.user.secondFactorDue).toBe(false);
    expect((await suite.api('GET', '/reservations/today', undefined, again.cookie)).statusCode).toBe(200);
  });
});
