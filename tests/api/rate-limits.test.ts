import { describe, expect, it } from 'vitest';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { rateLimitCounters } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { expiredRateLimitsJob } from '../../src/server/platform/rate-limit.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

const MINUTE = 60_000;
const PASSWORD = 'croquetas-de-jamon-caseras-5';
const clock = new ManualClock(new Date('2026-11-24T12:00:00Z'));
const { app, db } = useApiSuite({ owner: false, clock });

let emailCounter = 0;
const login = (ip: string, email: string, password: string) =>
  app().request({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });
/** A guessed email each time: five failures on one email would lock that account first. */
const failedLogin = (ip: string) => login(ip, `adivina-${++emailCounter}@example.com`, 'not-the-password');

describe('the sign-in limit', () => {
  it('counts the failed sign-ins of an IP, not the successful ones', async () => {
    const email = 'sala-limites@example.com';
    await upsertAdmin(db(), email, PASSWORD);
    const ip = freshAddress();
    // A whole restaurant's staff signing in from one address, and someone mistyping now and then.
    for (let i = 0; i < 25; i++) expect((await login(ip, email, PASSWORD)).statusCode, `sign-in ${i + 1}`).toBe(200);
    for (let i = 0; i < 19; i++) expect((await failedLogin(ip)).statusCode, `failure ${i + 1}`).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(ip, email, PASSWORD)).statusCode, `sign-in ${i + 26}`).toBe(200);
    expect((await failedLogin(ip)).statusCode).toBe(401);

    // The 20th failure used the window up: checked before the password, even the right one is refused.
    const refused = await login(ip, email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(loginMessages.tooManyRequests);
    expect((await login(freshAddress(), email, PASSWORD)).statusCode).toBe(200);

    clock.advance(15 * MINUTE);
    expect((await login(ip, email, PASSWORD)).statusCode).toBe(200);
  }, 60_000);

  it('counts an empty or malformed sign-in as a failure', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 20; i++) {
      const response = await app().request({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: {} });
      expect(response.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    expect((await failedLogin(ip)).statusCode).toBe(429);
  });
});

describe('where the counters live', () => {
  it('counts in the database on PostgreSQL, in memory on PGlite, and the purge job deletes ended windows', async () => {
    const ip = freshAddress();
    const send = () => app().request({ method: 'POST', url: '/api/public/reservations', remoteAddress: ip, payload: {} });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(400);
    const rows = await db().select().from(rateLimitCounters);
    if (app().database.kind === 'postgres') {
      expect(rows).toContainEqual({ key: `public-reservations:${ip}`, count: 3, resetsAt: new Date(clock.now().getTime() + 10 * MINUTE) });
    } else {
      expect(rows).toEqual([]);
    }

    const job = expiredRateLimitsJob(db());
    const keys = async () => (await db().select().from(rateLimitCounters)).map((row) => row.key);
    clock.advance(10 * MINUTE - 1);
    await job.tick(clock.now());
    if (app().database.kind === 'postgres') expect(await keys()).toContain(`public-reservations:${ip}`);
    clock.advance(1);
    await job.tick(clock.now());
    expect(await keys()).not.toContain(`public-reservations:${ip}`);
    // Every window of this file has ended 15 minutes later.
    clock.advance(15 * MINUTE);
    await job.tick(clock.now());
    expect(await keys()).toEqual([]);
  });
});
