import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { BOOKING_PROOF_HEADER } from '@shared/rules/bot-check.ts';
import { reservations, usedBookingChallenges } from '../../src/server/db/schema.ts';
import { expiredBookingChallengesJob } from '../../src/server/modules/booking-defence/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { encodeProof, fetchChallenge, solve, solvedProof } from '../support/booking-proof.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Issue 25, item 6: the public forms' bot checks (decision 027). Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const clock = new ManualClock(NOW);
const { app, db } = useApiSuite({ owner: false, clock });
const text = messages.botCheck;

beforeEach(() => clock.set(NOW));

let booked = 0;
/** Wednesday's booking, each at the next of four slots. */
const booking = (overrides: Record<string, unknown> = {}) =>
  bookingBody({ reservationDate: '2026-11-25', reservationTime: `${13 + (++booked % 4)}:00`, ...overrides });

const book = (body: object, remoteAddress: string, proof?: string) =>
  app().request({
    method: 'POST',
    url: '/api/public/reservations',
    payload: body,
    remoteAddress,
    ...(proof === undefined ? {} : { headers: { [BOOKING_PROOF_HEADER]: proof } }),
  });

/** The token the booking form gets with the calendar, as the page fetches it on mount. */
async function formToken(): Promise<string> {
  const response = await app().request({ method: 'GET', url: '/api/public/calendar', remoteAddress: freshAddress() });
  const token = response.json<{ formToken?: string }>().formToken;
  expect(token).toMatch(/^[0-9a-z]+\.[\w-]+$/);
  return token!;
}

const saved = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id))).length;

/** Five requests from `ip`, the free ones, each answered 201. */
async function useFreeRequests(ip: string) {
  for (let i = 0; i < 5; i++) expect((await book(booking(), ip)).statusCode).toBe(201);
}

describe('the first five requests from one address', () => {
  it('pass with or without the form fields; the sixth needs a solved challenge, and gets a Spanish 429 naming what to do', async () => {
    const ip = freshAddress();
    const token = await formToken();
    clock.advance(5_000); // a person's time to fill the form in
    for (const fields of [{}, {}, { subject: '', formToken: token }, { subject: null, formToken: token }, {}]) {
      expect((await book(booking(fields), ip)).statusCode).toBe(201);
    }
    const sixth = booking({ subject: '', formToken: token });
    const refused = await book(sixth, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'challenge_required', message: text.challengeRequired });
    expect(await saved(sixth.id)).toBe(0);

    const challenge = await app().request({ method: 'GET', url: '/api/public/booking-challenge', remoteAddress: ip });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.headers['cache-control']).toBe('no-store');
    expect(challenge.json()).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: expect.any(String) });
  });

  it('leave every other address alone', async () => {
    const busy = freshAddress();
    await useFreeRequests(busy);
    expect((await book(booking(), busy)).statusCode).toBe(429);
    expect((await book(booking(), freshAddress())).statusCode).toBe(201);
  });

  it('start again once the ten-minute window has passed', async () => {
    const ip = freshAddress();
    await useFreeRequests(ip);
    expect((await book(booking(), ip)).statusCode).toBe(429);
    clock.advance(10 * 60_000);
    expect((await book(booking(), ip)).statusCode).toBe(201);
  });
});

describe('a solved challenge', () => {
  it('passes once: the same proof again is refused, and nothing of that request is saved', async () => {
    const ip = freshAddress();
    await useFreeRequests(ip);
    const proof = await solvedProof(app(), ip);
    const first = booking();
    expect((await book(first, ip, proof)).statusCode).toBe(201);
    expect(await saved(first.id)).toBe(1);

    const replay = booking();
    const refused = await book(replay, ip, proof);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'challenge_invalid', message: text.challengeInvalid });
    expect(await saved(replay.id)).toBe(0);
  });

  it('lets a too-fast request through; its retry (same id) needs a proof of its own', async () => {
    const ip = freshAddress();
    const fast = booking({ formToken: await formToken() });
    expect((await book(fast, ip)).statusCode).toBe(429);
    expect((await book(fast, ip, await solvedProof(app(), ip))).statusCode).toBe(201);
    expect((await book(fast, ip)).statusCode).toBe(429);
    expect((await book(fast, ip, await solvedProof(app(), ip))).statusCode).toBe(200);
    expect(await saved(fast.id)).toBe(1);
  });

  it('a wrong solution, a tampered or expired challenge and garbled or oversized proofs get a Spanish 400, never a 500', async () => {
    const ip = freshAddress();
    await useFreeRequests(ip);
    const challenge = await fetchChallenge(app(), ip);
    const solution = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()).solution as { counter: number; derivedKey: string };
    const tampered = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    const late = await fetchChallenge(app(), ip);
    const lateProof = await solve(late);
    const proofs = [
      // The derived key is the proof (the challenge signs its HMAC); one digit off is no solution.
      encodeProof(challenge, { ...solution, derivedKey: `${solution.derivedKey.slice(0, -1)}${solution.derivedKey.endsWith('0') ? '1' : '0'}` }),
      encodeProof(challenge, { counter: solution.counter, derivedKey: '00'.repeat(32) }),
      encodeProof(challenge, { counter: -1, derivedKey: 'zz' }),
      encodeProof(tampered, solution),
      encodeProof({ parameters: { data: { expires: Date.parse(NOW) + 60_000 } }, signature: 'x' }, solution),
      encodeProof(challenge, null),
      'no es base64 ni JSON ¿?',
      Buffer.from('{"challenge":').toString('base64'),
      '',
      'A'.repeat(5_000),
    ];
    for (const proof of proofs) {
      const response = await book(booking(), ip, proof);
      expect(response.statusCode, proof.slice(0, 40)).toBe(400);
      expect(response.json().error.message).toBe(text.challengeInvalid);
    }
    // The challenge itself was never spent by the wrong answers.
    expect((await book(booking(), ip, encodeProof(challenge, solution))).statusCode).toBe(201);

    clock.advance(10 * 60_000 + 1);
    const expired = await book(booking(), freshAddress(), lateProof);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('challenge_invalid');
  });

  it('is forgotten once expired by the minute job, when its replay fails on its expiry anyway', async () => {
    const ip = freshAddress();
    const proof = await solvedProof(app(), ip);
    expect((await book(booking(), ip, proof)).statusCode).toBe(201);
    const job = expiredBookingChallengesJob(db());
    await job.tick(clock.now());
    expect((await db().select().from(usedBookingChallenges)).length).toBeGreaterThan(0);
    clock.advance(10 * 60_000 + 1);
    await job.tick(clock.now());
    expect(await db().select().from(usedBookingChallenges)).toEqual([]);
  });
});

describe('the honeypot', () => {
  it('refuses a filled one with a Spanish 400 and saves nothing, even with a solved challenge', async () => {
    for (const subject of ['https://spam.example', ' ', 5, true, ['x'], { a: 1 }]) {
      const body = booking({ subject });
      const response = await book(body, freshAddress());
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'honeypot_filled', message: text.honeypotFilled });
      expect(await saved(body.id)).toBe(0);
    }
    const ip = freshAddress();
    const body = booking({ subject: 'comprar' });
    expect((await book(body, ip, await solvedProof(app(), ip))).statusCode).toBe(400);
    expect(await saved(body.id)).toBe(0);
  });
});

describe('the signed render time', () => {
  it('makes a submit faster than three seconds need a challenge, even as the first request of an address', async () => {
    const token = await formToken();
    clock.advance(2_900);
    const fast = await book(booking({ formToken: token }), freshAddress());
    expect(fast.statusCode).toBe(429);
    expect(fast.json().error.code).toBe('challenge_required');
    clock.advance(100);
    expect((await book(booking({ formToken: token }), freshAddress())).statusCode).toBe(201);
  });

  it('counts a forged, garbled, future or expired token as absent, not as an error', async () => {
    const token = await formToken();
    const [stamp, signature] = token.split('.') as [string, string];
    const now = (Date.parse(NOW) + 500).toString(36);
    const forged = [
      `${now}.${signature}`,
      `${stamp}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${now}.AAAAAAAAAAAAAAAAAAAAAA`,
      'garbled',
      'x'.repeat(5_000),
      42,
      { time: 1 },
    ];
    for (const formToken of forged) {
      expect((await book(booking({ formToken }), freshAddress())).statusCode, String(formToken).slice(0, 40)).toBe(201);
    }
    clock.advance(2 * 60 * 60_000 + 1); // a token older than two hours is no longer ours
    expect((await book(booking({ formToken: token }), freshAddress())).statusCode).toBe(201);
    clock.set(new Date(Date.parse(NOW) - 10 * 60_000)); // nor is one from ten minutes ahead
    expect((await book(booking({ formToken: token }), freshAddress())).statusCode).toBe(201);
  });
});

describe('the waitlist join', () => {
  const joining = (overrides: Record<string, unknown> = {}) => {
    const { reservationTime: _time, ...rest } = booking(overrides);
    return { ...rest, reservationTime: '13:30', numberOfPeople: 4 };
  };
  const join = (body: object, ip: string, proof?: string) =>
    app().request({
      method: 'POST',
      url: '/api/public/waitlist',
      payload: body,
      remoteAddress: ip,
      ...(proof === undefined ? {} : { headers: { [BOOKING_PROOF_HEADER]: proof } }),
    });

  it('has the same checks: five free, then a solved challenge; a filled honeypot is refused', async () => {
    const ip = freshAddress();
    // The time has room, so the service refuses the join: the bot check has let it through.
    for (let i = 0; i < 5; i++) expect((await join(joining(), ip)).json().error.code).toBe('slot_available');
    const sixth = await join(joining(), ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(text.challengeRequired);
    expect((await join(joining(), ip, await solvedProof(app(), ip))).json().error.code).toBe('slot_available');
    expect((await join(joining({ subject: 'x' }), freshAddress())).json().error.code).toBe('honeypot_filled');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ clock, database: app().database });
  });
  afterAll(() => other.close());
  const bookOn = (target: TestApp, body: object, ip: string, proof?: string) =>
    target.request({
      method: 'POST',
      url: '/api/public/reservations',
      payload: body,
      remoteAddress: ip,
      ...(proof === undefined ? {} : { headers: { [BOOKING_PROOF_HEADER]: proof } }),
    });

  it('share the count, the token and the spent challenges', async () => {
    const ip = freshAddress();
    const token = await formToken(); // signed by the first
    clock.advance(5_000);
    for (const target of [app(), other, app(), other, other]) {
      expect((await bookOn(target, booking({ formToken: token }), ip)).statusCode).toBe(201);
    }
    expect((await bookOn(app(), booking(), ip)).statusCode).toBe(429);
    expect((await bookOn(other, booking(), ip)).statusCode).toBe(429);

    const proof = await solvedProof(other, ip);
    expect((await bookOn(app(), booking(), ip, proof)).statusCode).toBe(201);
    const replay = await bookOn(other, booking(), ip, proof);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('challenge_invalid');
  });
});
