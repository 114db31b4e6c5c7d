import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { expiredSessionsJob, hashSessionId, SESSION_IDLE_MS } from '../../src/server/platform/sessions.ts';
import { useApiSuite } from '../support/api-suite.ts';

const HOUR = 60 * 60_000;
const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
const { app, db } = useApiSuite({ owner: false, clock });

const hashOf = (cookie: string) => hashSessionId(app().instance.sessionSecret, cookie.split('=')[1]!);
const storedHashes = async () => new Set((await db().select({ idHash: sessions.idHash }).from(sessions)).map((row) => row.idHash));
const stillSignedIn = async (cookie: string) =>
  (await app().request({ method: 'GET', url: '/api/admin/security/summary', cookie })).statusCode === 200;

describe('the expired-sessions job', () => {
  it('deletes sessions past their idle or absolute expiry and keeps the live ones', async () => {
    const job = expiredSessionsJob(db());
    const idle = await app().signIn();
    const used = await app().signIn();
    clock.advance(SESSION_IDLE_MS - HOUR);
    const fresh = await app().signIn();
    expect(await stillSignedIn(used)).toBe(true); // slides its idle expiry
    clock.advance(HOUR);

    await job.tick(clock.now());
    let left = await storedHashes();
    expect(left.has(hashOf(idle))).toBe(false);
    expect(left.has(hashOf(used))).toBe(true);
    expect(left.has(hashOf(fresh))).toBe(true);

    // Past its 7-day cap, although its idle expiry (slid on use) is still ahead.
    await db().update(sessions).set({ absoluteExpiresAt: clock.now() }).where(eq(sessions.idHash, hashOf(used)));
    await job.tick(clock.now());
    left = await storedHashes();
    expect(left.has(hashOf(used))).toBe(false);
    expect(left.has(hashOf(fresh))).toBe(true);
    clock.advance(SESSION_IDLE_MS);
    await job.tick(clock.now());
    expect((await storedHashes()).has(hashOf(fresh))).toBe(false);
    // Running it again (another instance's tick) finds nothing left to do.
    left = await storedHashes();
    await job.tick(clock.now());
    expect(await storedHashes()).toEqual(left);
  });
});
