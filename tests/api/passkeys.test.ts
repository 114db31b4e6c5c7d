import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passkeyMessages as text } from '@shared/staff-messages/passkeys.ts';
import { loginAttempts, sensitiveChanges, staffPasskeys, users } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';
import { createTestApp, TEST_ORIGIN } from '../support/test-app.ts';

// Issue 44, item 2: passkeys through the API, answered by a software authenticator (ES256, 'none' attestation).
// PUBLIC_URL is http://localhost:3000: the RP ID is 'localhost' and the only origin accepted is PUBLIC_URL's.
const clock = new ManualClock('2026-11-28T19:00:10Z');
const suite = useApiSuite({ clock });
const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
type Options = { challenge: string; [key: string]: unknown };

/** The passkey challenge cookie a response set, as a Cookie pair. */
function challengeCookie(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((item) => item.name === 'mesa_passkey');
  expect(cookie).toBeDefined();
  return `mesa_passkey=${cookie!.value}`;
}

const withChallenge = (session: string | null, challenge: string) => (session ? `${session}; ${challenge}` : challenge);

/** A member with one passkey added through the API: their session and the authenticator. */
async function memberWithPasskey(roles: Array<'admin' | 'manager' | 'floor'> = ['floor']) {
  const session = await suite.app().signIn({ roles });
  const authenticator = new SoftAuthenticator(TEST_ORIGIN, 'localhost');
  const optionsAnswer = await suite.api('POST', '/account/passkeys/options', undefined, session);
  const added = await suite.app().request({
    method: 'POST',
    url: '/api/admin/account/passkeys',
    cookie: withChallenge(session, challengeCookie(optionsAnswer)),
    headers: { 'user-agent': CHROME_ON_LINUX },
    payload: authenticator.register(optionsAnswer.json() as Options),
  });
  expect(added.statusCode).toBe(201);
  return { session, authenticator, passkey: added.json() as { id: string; name: string } };
}

/** /auth's passkey sign-in: options, then the authenticator's answer (with `lies`) to them. */
async function signInWith(authenticator: SoftAuthenticator, lies: Parameters<SoftAuthenticator['authenticate']>[1] = {}) {
  const optionsAnswer = await suite.app().request({ method: 'POST', url: '/api/auth/login/passkey/options' });
  expect(optionsAnswer.statusCode).toBe(200);
  const cookie = challengeCookie(optionsAnswer);
  const payload = authenticator.authenticate(optionsAnswer.json() as Options, lies);
  const answer = await suite.app().request({ method: 'POST', url: '/api/auth/login/passkey', cookie, payload });
  return { answer, cookie, payload };
}

const lastAttempt = async (email: string) =>
  (await suite.db().select().from(loginAttempts).where(eq(loginAttempts.email, email)).orderBy(desc(loginAttempts.id)).limit(1))[0];

const emailOf = async (id: string) => (await suite.db().select({ email: users.email }).from(users).innerJoin(staffPasskeys, eq(staffPasskeys.userId, users.id)).where(eq(staffPasskeys.id, id)))[0]!.email;

describe("a member's own passkeys", () => {
  it('offers registration options for PUBLIC_URL\'s host, with a single-use challenge in an HttpOnly cookie', async () => {
    const session = await suite.app().signIn({ roles: ['floor'] });
    expect((await suite.api('GET', '/account/passkeys', undefined, session)).json()).toEqual({ available: true, reason: null, passkeys: [] });
    const answer = await suite.api('POST', '/account/passkeys/options', undefined, session);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    });
    const cookie = answer.cookies.find((item) => item.name === 'mesa_passkey')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 300 });
    expect(await everyTableAsText(suite.db())).not.toContain(cookie.value);
  });

  it('adds one named after the device, records it in Seguridad, and will not add the same one twice', async () => {
    const { session, authenticator, passkey } = await memberWithPasskey();
    expect(passkey.name).toBe('Chrome en Linux');
    const list = (await suite.api('GET', '/account/passkeys', undefined, session)).json();
    expect(list.passkeys).toEqual([{ id: passkey.id, name: 'Chrome en Linux', createdAt: clock.now().toISOString(), lastUsedAt: null }]);
    const [change] = await suite.db().select().from(sensitiveChanges).orderBy(desc(sensitiveChanges.id)).limit(1);
    expect(change).toMatchObject({ action: 'passkey_added', detail: 'Chrome en Linux', actorEmail: await emailOf(passkey.id) });

    const again = await suite.api('POST', '/account/passkeys/options', undefined, session);
    expect(again.json().excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const twice = await suite.api('POST', '/account/passkeys', authenticator.register(again.json() as Options), withChallenge(session, challengeCookie(again)));
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, text.alreadyAdded]);
  });

  it('refuses a registration for another origin or RP ID, without its challenge, or with a spent one', async () => {
    const session = await suite.app().signIn({ roles: ['manager'] });
    const register = async (lies: { origin?: string; rpId?: string }, reuse?: { cookie: string; options: Options }) => {
      const optionsAnswer = await suite.api('POST', '/account/passkeys/options', undefined, session);
      const used = reuse ?? { cookie: challengeCookie(optionsAnswer), options: optionsAnswer.json() as Options };
      const answer = await suite.api('POST', '/account/passkeys', new SoftAuthenticator(TEST_ORIGIN, 'localhost').register(used.options, lies), withChallenge(session, used.cookie));
      return { answer, used };
    };
    expect((await register({ origin: 'http://evil.example' })).answer.json().error).toMatchObject({ code: 'passkey_refused', message: text.failed });
    expect((await register({ rpId: 'evil.example' })).answer.statusCode).toBe(400);
    const first = await register({ origin: 'https://localhost:3000' });
    expect(first.answer.statusCode).toBe(400);
    expect((await register({}, first.used)).answer.json().error.code).toBe('passkey_expired');
    const without = await suite.api('POST', '/account/passkeys', new SoftAuthenticator(TEST_ORIGIN, 'localhost').register({ challenge: 'AAAA' }), session);
    expect(without.json().error.code).toBe('passkey_expired');
    expect((await suite.api('GET', '/account/passkeys', undefined, session)).json().passkeys).toEqual([]);
  });

  it('renames one (up to 60 characters) and removes one, with a line in Seguridad; only the own', async () => {
    const { session, passkey } = await memberWithPasskey(['manager']);
    const renamed = await suite.api('PATCH', `/account/passkeys/${passkey.id}`, { name: '  Móvil de la sala ' }, session);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Móvil de la sala' });
    const tooLong = await suite.api('PATCH', `/account/passkeys/${passkey.id}`, { name: 'x'.repeat(61) }, session);
    expect([tooLong.statusCode, tooLong.json().error.fields.name]).toEqual([400, text.nameTooLong]);
    expect((await suite.api('PATCH', `/account/passkeys/${passkey.id}`, { name: ' ' }, session)).statusCode).toBe(400);
    expect((await suite.api('PATCH', '/account/passkeys/not-a-uuid', { name: 'x' }, session)).statusCode).toBe(400);

    const stranger = await suite.app().signIn({ roles: ['floor'] });
    expect((await suite.api('PATCH', `/account/passkeys/${passkey.id}`, { name: 'Mío' }, stranger)).statusCode).toBe(404);
    expect((await suite.api('DELETE', `/account/passkeys/${passkey.id}`, undefined, stranger)).statusCode).toBe(404);

    expect((await suite.api('DELETE', `/account/passkeys/${passkey.id}`, undefined, session)).statusCode).toBe(204);
    expect((await suite.api('GET', '/account/passkeys', undefined, session)).json().passkeys).toEqual([]);
    const [change] = await suite.db().select().from(sensitiveChanges).orderBy(desc(sensitiveChanges.id)).limit(1);
    expect(change).toMatchObject({ action: 'passkey_removed', detail: 'Móvil de la sala' });
    expect((await suite.api('DELETE', `/account/passkeys/${passkey.id}`, undefined, session)).statusCode).toBe(404);
  });

  it('adds and removes only within ten minutes of signing in; lists and renames any time; never without a session', async () => {
    const { session, passkey } = await memberWithPasskey();
    clock.advance(11 * 60_000);
    for (const [method, url] of [['POST', '/options'], ['POST', ''], ['DELETE', `/${passkey.id}`]] as const) {
      expect((await suite.api(method, `/account/passkeys${url}`, method === 'POST' && url === '' ? {} : undefined, session)).json().error.code).toBe('recent_sign_in_required');
    }
    expect((await suite.api('GET', '/account/passkeys', undefined, session)).statusCode).toBe(200);
    expect((await suite.api('PATCH', `/account/passkeys/${passkey.id}`, { name: 'Tablet' }, session)).statusCode).toBe(200);
    for (const [method, url] of [['GET', ''], ['POST', '/options'], ['DELETE', `/${passkey.id}`], ['POST', '/../fresh-sign-in/passkey/options']] as const) {
      expect((await suite.api(method, `/account/passkeys${url}`, undefined, null)).statusCode).toBe(401);
    }
  });

  it('answers 400, not 500, to bodies that are not a WebAuthn answer', async () => {
    const session = await suite.app().signIn();
    const bodies: unknown[] = [{}, [], [1], { response: 'x' }, { id: 'a', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} }];
    bodies.push({ ...(new SoftAuthenticator(TEST_ORIGIN, 'localhost').register({ challenge: 'AAAA' }) as object), id: 'a'.repeat(5_000) });
    bodies.push({ ...(new SoftAuthenticator(TEST_ORIGIN, 'localhost').authenticate({ challenge: 'AAAA' }) as object), id: '../x' });
    for (const payload of bodies) {
      expect((await suite.api('POST', '/account/passkeys', payload, session)).statusCode).toBe(400);
      expect((await suite.app().request({ method: 'POST', url: '/api/auth/login/passkey', payload: payload as object })).statusCode).toBe(400);
      expect((await suite.api('POST', '/account/fresh-sign-in/passkey', payload, session)).statusCode).toBe(400);
    }
  });
});

describe('signing in with a passkey', () => {
  it('offers any passkey of the site, signs in on its own, and records the sign-in', async () => {
    const { authenticator, passkey } = await memberWithPasskey();
    const options = await suite.app().request({ method: 'POST', url: '/api/auth/login/passkey/options' });
    expect(options.json()).toMatchObject({ rpId: 'localhost', allowCredentials: [], userVerification: 'required' });
    clock.advance(60_000);
    const { answer } = await signInWith(authenticator);
    expect(answer.statusCode).toBe(200);
    const email = await emailOf(passkey.id);
    expect(answer.json().user).toMatchObject({ email, role: 'floor' });
    const session = answer.cookies.find((item) => item.name === 'mesa_session')!;
    expect((await suite.api('GET', '/account/passkeys', undefined, `mesa_session=${session.value}`)).json().passkeys[0].lastUsedAt).toBe(clock.now().toISOString());
    expect(await lastAttempt(email)).toMatchObject({ success: true, reason: 'passkey' });
  });

  it('refuses a replayed assertion, a counter that does not move, another origin or RP ID, and an unknown passkey', async () => {
    const { authenticator, passkey } = await memberWithPasskey();
    const email = await emailOf(passkey.id);
    const first = await signInWith(authenticator);
    expect(first.answer.statusCode).toBe(200);
    const replayed = await suite.app().request({ method: 'POST', url: '/api/auth/login/passkey', cookie: first.cookie, payload: first.payload });
    expect([replayed.statusCode, replayed.json().error.message]).toEqual([400, text.expired]);

    for (const lies of [{ counter: 1 }, { origin: 'http://evil.example' }, { origin: 'http://127.0.0.1:3000' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const { answer } = await signInWith(authenticator, lies);
      expect([answer.statusCode, answer.json().error.message]).toEqual([401, text.refused]);
      expect(answer.cookies.find((item) => item.name === 'mesa_session')).toBeUndefined();
      expect(await lastAttempt(email)).toMatchObject({ success: false, reason: 'passkey_refused' });
    }
    const unknown = await signInWith(new SoftAuthenticator(TEST_ORIGIN, 'localhost'));
    expect([unknown.answer.statusCode, unknown.answer.json().error.message]).toEqual([401, text.refused]);
    expect((await signInWith(authenticator)).answer.statusCode).toBe(200);
  });

  it("refuses a deactivated member's passkey", async () => {
    const { authenticator, passkey } = await memberWithPasskey();
    const email = await emailOf(passkey.id);
    await suite.db().update(users).set({ deactivatedAt: clock.now() }).where(eq(users.email, email));
    const { answer } = await signInWith(authenticator);
    expect(answer.statusCode).toBe(403);
    expect(await lastAttempt(email)).toMatchObject({ success: false, reason: 'account_deactivated' });
  });
});

describe('a fresh sign-in with a passkey', () => {
  it("opens the sensitive changes again with the member's own passkey, not another's", async () => {
    const { session, authenticator, passkey } = await memberWithPasskey();
    const other = await memberWithPasskey();
    clock.advance(11 * 60_000);
    expect((await suite.api('DELETE', `/account/passkeys/${passkey.id}`, undefined, session)).statusCode).toBe(403);
    const fresh = async (by: SoftAuthenticator) => {
      const options = await suite.api('POST', '/account/fresh-sign-in/passkey/options', undefined, session);
      expect(options.json().allowCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
      return suite.api('POST', '/account/fresh-sign-in/passkey', by.authenticate(options.json() as Options), withChallenge(session, challengeCookie(options)));
    };
    expect((await fresh(other.authenticator)).statusCode).toBe(401);
    expect((await suite.api('DELETE', `/account/passkeys/${passkey.id}`, undefined, session)).statusCode).toBe(403);
    expect((await fresh(authenticator)).statusCode).toBe(204);
    expect((await suite.api('DELETE', `/account/passkeys/${passkey.id}`, undefined, session)).statusCode).toBe(204);
  });
});

describe('passkeys where PUBLIC_URL is an IP address', () => {
  it('are unavailable, with the reason, and their routes refuse', async () => {
    const app = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:3000' } });
    try {
      const session = await app.signIn({ roles: ['floor'] });
      const request = (method: 'GET' | 'POST', url: string) => app.request({ method, url, cookie: session, headers: { origin: 'http://127.0.0.1:3000' } });
      expect((await request('GET', '/api/admin/account/passkeys')).json()).toEqual({ available: false, reason: text.unavailable, passkeys: [] });
      for (const url of ['/api/admin/account/passkeys/options', '/api/auth/login/passkey/options', '/api/admin/account/fresh-sign-in/passkey/options']) {
        const answer = await request('POST', url);
        expect([answer.statusCode, answer.json().error.message]).toEqual([409, text.unavailable]);
      }
    } finally {
      await app.close();
    }
  });
});
