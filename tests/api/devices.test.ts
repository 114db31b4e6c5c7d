import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { RECENT_SIGN_IN_MINUTES } from '@shared/limits.ts';
import type { DeviceSession } from '@shared/schemas/devices.ts';
import { sensitiveChanges } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertStaff, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 44, item 4: 'Mis dispositivos' and the owner's view of a member's sessions in Equipo, over HTTP.
const clock = new ManualClock('2026-11-28T19:00:00Z');
const suite = useApiSuite({ clock });
const PASSWORD = 'Tortilla-con-cebolla-siempre-7';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0';

async function member(roles: ('admin' | 'manager' | 'floor')[]) {
  return insertStaff(suite.db(), { email: uniqueEmail('dispositivos'), passwordHash: await hashPassword(PASSWORD), roles });
}

/** Signs in through /api/auth/login from `remoteAddress` with `userAgent`: the Cookie header of the new session. */
async function signIn(email: string, userAgent: string, remoteAddress = freshAddress()): Promise<string> {
  const response = await suite.app().request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, headers: { 'user-agent': userAgent }, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((candidate) => candidate.name === 'mesa_session')!;
  return `${cookie.name}=${cookie.value}`;
}

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) => suite.api(method, url, undefined, cookie);
const listOf = async (cookie: string, url = '/account/sessions') => {
  const response = await api('GET', url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeviceSession[]>();
};
const status = async (cookie: string) => (await api('GET', '/account/sessions', cookie)).statusCode;

describe("'Mis dispositivos'", () => {
  it('lists the sessions of one\'s account with browser, system, place and last use, this one marked', async () => {
    const waiter = await member(['floor']);
    await signIn(waiter.email, IPHONE, '10.0.0.8');
    clock.advance(5 * 60_000);
    const laptop = await signIn(waiter.email, WINDOWS, '203.0.113.40');
    const sessions = await listOf(laptop);
    expect(sessions.map(({ browser, system, place, ipAddress, current }) => ({ browser, system, place, ipAddress, current }))).toEqual([
      { browser: 'Firefox', system: 'Windows', place: null, ipAddress: '203.0.113.40', current: true },
      { browser: 'Safari', system: 'iOS', place: 'Red local', ipAddress: '10.0.0.8', current: false },
    ]);
    expect(sessions[0]!.lastSeenAt).toBe(clock.now().toISOString());
    // Nothing of the session's cookie or its hash leaves the server.
    expect(JSON.stringify(sessions)).not.toContain(laptop.split('=')[1]);
  });

  it("ends another device's session, which is signed out at once, and records it in Seguridad", async () => {
    const waiter = await member(['floor']);
    const phone = await signIn(waiter.email, IPHONE);
    const laptop = await signIn(waiter.email, WINDOWS);
    const phoneSession = (await listOf(laptop)).find((session) => !session.current)!;
    expect((await api('DELETE', `/account/sessions/${phoneSession.id}`, laptop)).statusCode).toBe(204);
    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(200);
    expect((await api('DELETE', `/account/sessions/${phoneSession.id}`, laptop)).json().error.message).toBe('Esa sesión ya no está abierta.');
    const [line] = await suite.db().select().from(sensitiveChanges).where(eq(sensitiveChanges.actorEmail, waiter.email));
    expect(line).toMatchObject({ action: 'session_ended', detail: 'Safari en iOS' });
  });

  it("does not end this device's session from the list, nor another account's, nor take a malformed id", async () => {
    const waiter = await member(['floor']);
    const other = await member(['floor']);
    const mine = await signIn(waiter.email, WINDOWS);
    const theirs = await signIn(other.email, IPHONE);
    const own = (await listOf(mine))[0]!;
    const refused = await api('DELETE', `/account/sessions/${own.id}`, mine);
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, 'Para cerrar la sesión de este dispositivo usa «Cerrar sesión» arriba.']);
    const theirSession = (await listOf(theirs))[0]!;
    expect((await api('DELETE', `/account/sessions/${theirSession.id}`, mine)).statusCode).toBe(404);
    expect(await status(theirs)).toBe(200);
    expect((await api('DELETE', '/account/sessions/not-a-uuid', mine)).statusCode).toBe(400);
  });

  it("'Cerrar todas las demás' ends every other session of the account and none of anyone else's", async () => {
    const waiter = await member(['manager']);
    const other = await member(['floor']);
    const first = await signIn(waiter.email, IPHONE);
    const second = await signIn(waiter.email, IPHONE);
    const here = await signIn(waiter.email, WINDOWS);
    const theirs = await signIn(other.email, WINDOWS);
    const ended = await api('POST', '/account/sessions/end-others', here);
    expect(ended.json()).toEqual({ ended: 2 });
    expect([await status(first), await status(second), await status(here), await status(theirs)]).toEqual([401, 401, 200, 200]);
    expect((await listOf(here)).map((session) => session.current)).toEqual([true]);
  });
});

describe("the owner's view of a member's sessions in Equipo", () => {
  it("lists and ends a member's session, naming the member in Seguridad; nobody else may", async () => {
    const owner = await member(['admin']);
    const waiter = await member(['floor']);
    const manager = await member(['manager']);
    const waiterPhone = await signIn(waiter.email, IPHONE);
    const ownerCookie = await signIn(owner.email, WINDOWS);
    const managerCookie = await signIn(manager.email, WINDOWS);
    const [session] = await listOf(ownerCookie, `/team/members/${waiter.id}/sessions`);
    expect(session).toMatchObject({ browser: 'Safari', system: 'iOS', current: false });
    expect((await api('GET', `/team/members/${waiter.id}/sessions`, managerCookie)).statusCode).toBe(403);
    expect((await api('DELETE', `/team/members/${waiter.id}/sessions/${session!.id}`, managerCookie)).statusCode).toBe(403);

    expect((await api('DELETE', `/team/members/${waiter.id}/sessions/${session!.id}`, ownerCookie)).statusCode).toBe(204);
    expect(await status(waiterPhone)).toBe(401);
    const [line] = await suite.db().select().from(sensitiveChanges).where(eq(sensitiveChanges.actorEmail, owner.email));
    expect(line).toMatchObject({ action: 'session_ended', detail: `${waiter.email} · Safari en iOS` });
  });

  it(`needs a sign-in within ${RECENT_SIGN_IN_MINUTES} minutes to end a member's session`, async () => {
    const owner = await member(['admin']);
    const waiter = await member(['floor']);
    await signIn(waiter.email, IPHONE);
    const ownerCookie = await signIn(owner.email, WINDOWS);
    const [session] = await listOf(ownerCookie, `/team/members/${waiter.id}/sessions`);
    clock.advance((RECENT_SIGN_IN_MINUTES + 1) * 60_000);
    const refused = await api('DELETE', `/team/members/${waiter.id}/sessions/${session!.id}`, ownerCookie);
    expect([refused.statusCode, refused.json().error.code, refused.json().error.message]).toEqual([403, 'recent_sign_in_required', messages.permissions.recentSignIn]);
  });
});
