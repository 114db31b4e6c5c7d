import { createECDH, ECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, isMonday, madridToday } from '@shared/rules/madrid-time.ts';
import { appSecrets, notificationSettings, pushOutbox, pushSubscriptions, users } from '../../src/server/db/schema.ts';
import {
  type BrowserSubscription,
  createBrowserSubscription,
  p256PublicKey,
  startPushPeer,
  verifyVapidAuthorization,
} from '../support/push-peer.ts';
import { createTestApp } from '../support/test-app.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

/*
 * Web Push end to end: the admin's browser subscribes through the API, a guest books, and the push worker delivers
 * an RFC 8291 message, signed with VAPID, to a local push service that checks it the way FCM and autopush do. The
 * browser side decrypts it by hand. The instance's own worker runs as in production (woken by NOTIFY); the tests
 * also call drain() to deliver due rows now, and wait for outcomes rather than assume which of the two got there.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const peer = usePeer(() => startPushPeer());
const { app, db } = useApiSuite({ owner: false });

beforeEach(async () => {
  // Every admin subscription receives every push: each test starts with none, and push switched off (the default).
  await db().delete(pushSubscriptions);
  await db().delete(pushOutbox);
  await db().update(notificationSettings).set({ pushNotificationsEnabled: false }).where(eq(notificationSettings.id, 1));
  peer().reset();
});

async function admin() {
  const email = `admin-${randomUUID()}@example.com`;
  const cookie = await app().signIn({ email });
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie, userId: user!.id };
}

const subscribe = (cookie: string | undefined, body: unknown) =>
  app().request({
    method: 'POST',
    url: '/api/admin/push/subscription',
    payload: body as object,
    cookie,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' },
  });

const isSubscribed = async (cookie: string, endpoint: string) => {
  const response = await app().request({
    method: 'GET',
    url: `/api/admin/push/subscription?endpoint=${encodeURIComponent(endpoint)}`,
    cookie,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { subscribed: boolean }).subscribed;
};

async function enablePush(cookie: string) {
  const response = await app().request({
    method: 'PATCH',
    url: '/api/admin/notification-settings',
    payload: { pushNotificationsEnabled: true },
    cookie,
  });
  expect(response.statusCode).toBe(200);
}

/** A day a guest can book: two or more days ahead in Madrid, never a Monday (closed). */
function bookableDate(): string {
  let date = addDays(madridToday(new Date()), 2);
  while (isMonday(date)) date = addDays(date, 1);
  return date;
}

async function book(overrides: Record<string, unknown> = {}) {
  const body = bookingBody({ customerName: 'María José Núñez', numberOfPeople: 4, reservationDate: bookableDate(), ...overrides });
  const response = await app().request({
    method: 'POST',
    url: '/api/public/reservations',
    payload: body,
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return body;
}

async function subscriptionRow(endpoint: string) {
  const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

async function outboxRowsFor(subscriptionId: string) {
  return db().select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, subscriptionId));
}

/** Subscribes a new browser for a new admin, with push switched on. */
async function subscribedAdmin(): Promise<{ cookie: string; userId: string; browser: BrowserSubscription; subscriptionId: string }> {
  const { cookie, userId } = await admin();
  const browser = createBrowserSubscription(peer());
  expect((await subscribe(cookie, browser.json)).statusCode).toBe(201);
  const row = await subscriptionRow(browser.endpoint);
  return { cookie, userId, browser, subscriptionId: row!.id };
}

describe('the push peer', () => {
  it('decrypts the worked example of RFC 8291 (Appendix A) with the browser side of the harness', () => {
    const browser = createBrowserSubscription(peer(), {
      privateKey: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    });
    expect(browser.json.keys.p256dh).toBe(
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    );
    const body = Buffer.from(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
        'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
      'base64url',
    );
    expect(browser.decrypt(body)).toBe('When I grow up, I want to be a watermelon');
    const tampered = Buffer.from(body);
    tampered[tampered.length - 20]! ^= 1;
    expect(() => browser.decrypt(tampered)).toThrow();
  });
});

describe('VAPID public key', () => {
  it('is a P-256 public key, the same on every call, and the pair kept in app_secrets', async () => {
    const { cookie } = await admin();
    const first = await app().request({ method: 'GET', url: '/api/admin/push/public-key', cookie });
    const second = await app().request({ method: 'GET', url: '/api/admin/push/public-key', cookie });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json() as { publicKey: string };
    expect(second.json()).toEqual({ publicKey });

    expect(publicKey).toMatch(/^[\w-]+$/);
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(0x04);
    expect(() => p256PublicKey(publicKey)).not.toThrow(); // a point of the curve, not just 65 bytes

    const [secret] = await db().select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
    const stored = JSON.parse(secret!.value) as { publicKey: string; privateKey: string };
    expect(stored.publicKey).toBe(publicKey);
    const derived = createECDH('prime256v1');
    derived.setPrivateKey(Buffer.from(stored.privateKey, 'base64url'));
    expect(derived.getPublicKey().toString('base64url')).toBe(publicKey);
  });

  it.runIf(onPostgres)('is the same for a second instance on the same database', async () => {
    const { cookie } = await admin();
    const ours = (await app().request({ method: 'GET', url: '/api/admin/push/public-key', cookie })).json();
    const other = await createTestApp({ database: app().database });
    try {
      const theirs = await other.request({ method: 'GET', url: '/api/admin/push/public-key', cookie });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json()).toEqual(ours);
    } finally {
      await other.close();
    }
  });

  it('is not given to anonymous callers', async () => {
    expect((await app().request({ method: 'GET', url: '/api/admin/push/public-key' })).statusCode).toBe(401);
  });
});

describe('subscriptions', () => {
  it('stores a browser subscription for the admin, with the admin role, and reports it', async () => {
    const { cookie, userId } = await admin();
    const browser = createBrowserSubscription(peer());
    const response = await subscribe(cookie, browser.json);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ subscribed: true });

    const row = await subscriptionRow(browser.endpoint);
    expect(row).toMatchObject({
      userId,
      role: 'admin',
      endpoint: browser.endpoint,
      p256dh: browser.json.keys.p256dh,
      auth: browser.json.keys.auth,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      lastSuccessAt: null,
    });
    expect(await isSubscribed(cookie, browser.endpoint)).toBe(true);
    expect(await isSubscribed(cookie, createBrowserSubscription(peer()).endpoint)).toBe(false);
    // Subscriptions are per user: another admin's browser state is not this one's.
    expect(await isSubscribed((await admin()).cookie, browser.endpoint)).toBe(false);

    // Subscribing again (the page reloads) keeps one row.
    expect((await subscribe(cookie, browser.json)).statusCode).toBe(201);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint))).toHaveLength(1);
  });

  it('refuses subscriptions a push could never be encrypted for or sent to, with 400', async () => {
    const { cookie } = await admin();
    const good = createBrowserSubscription(peer()).json;
    const withKeys = (keys: Partial<typeof good.keys>) => ({ ...good, keys: { ...good.keys, ...keys } });
    const raw = Buffer.from(good.keys.p256dh, 'base64url');
    const compressed = ECDH.convertKey(raw, 'prime256v1', undefined, undefined, 'compressed') as Buffer;
    const offCurve = Buffer.concat([Buffer.from([0x04]), Buffer.alloc(64, 0x01)]);
    const invalid: Array<[string, unknown]> = [
      ['no keys', { endpoint: good.endpoint }],
      ['no auth', { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh } }],
      ['p256dh not base64url', withKeys({ p256dh: `${good.keys.p256dh.slice(0, 40)}+/!${good.keys.p256dh.slice(43)}` })],
      ['p256dh of 32 bytes', withKeys({ p256dh: randomBytes(32).toString('base64url') })],
      ['p256dh compressed (33 bytes)', withKeys({ p256dh: compressed.toString('base64url') })],
      ['p256dh of 65 bytes off the curve', withKeys({ p256dh: offCurve.toString('base64url') })],
      ['auth of 8 bytes', withKeys({ auth: randomBytes(8).toString('base64url') })],
      ['auth not base64url', withKeys({ auth: 'not a secret at all!' })],
      ['endpoint not a URL', { ...good, endpoint: 'not a url' }],
      ['endpoint not http(s)', { ...good, endpoint: 'ftp://127.0.0.1/push/abc' }],
      ['endpoint plain http', { ...good, endpoint: good.endpoint.replace(/^https:/, 'http:') }],
    ];
    const statuses = [];
    for (const [what, body] of invalid) statuses.push([what, (await subscribe(cookie, body)).statusCode]);
    expect(statuses).toEqual(invalid.map(([what]) => [what, 400]));
    expect(await db().select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('answers anonymous callers with 401', async () => {
    const browser = createBrowserSubscription(peer());
    expect((await subscribe(undefined, browser.json)).statusCode).toBe(401);
    const query = `?endpoint=${encodeURIComponent(browser.endpoint)}`;
    expect((await app().request({ method: 'GET', url: `/api/admin/push/subscription${query}` })).statusCode).toBe(401);
    const remove = await app().request({
      method: 'DELETE',
      url: '/api/admin/push/subscription',
      payload: { endpoint: browser.endpoint },
    });
    expect(remove.statusCode).toBe(401);
    expect(await db().select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('removes a subscription on DELETE, after which nothing is sent to it', async () => {
    const { cookie, browser } = await subscribedAdmin();
    // Another admin cannot remove it.
    const stranger = await admin();
    const foreign = await app().request({
      method: 'DELETE',
      url: '/api/admin/push/subscription',
      payload: { endpoint: browser.endpoint },
      cookie: stranger.cookie,
    });
    expect(foreign.statusCode).toBe(204);
    expect(await subscriptionRow(browser.endpoint)).toBeDefined();

    const response = await app().request({
      method: 'DELETE',
      url: '/api/admin/push/subscription',
      payload: { endpoint: browser.endpoint },
      cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(await subscriptionRow(browser.endpoint)).toBeUndefined();
    expect(await isSubscribed(cookie, browser.endpoint)).toBe(false);

    await enablePush(cookie);
    await book();
    await app().instance.push.drain();
    expect(await db().select().from(pushOutbox)).toHaveLength(0);
    expect(peer().requests).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('sends a new public booking to the admin as an encrypted, VAPID-signed Web Push message', async () => {
    const { cookie, browser, subscriptionId } = await subscribedAdmin();
    await enablePush(cookie);
    const guest = await book({ customerName: 'Lucía Fernández', numberOfPeople: 3, reservationTime: '13:30' });

    await app().instance.push.drain();
    const row = await waitFor(async () => {
      const [current] = await outboxRowsFor(subscriptionId);
      return current?.sentAt ? current : undefined;
    }, { what: 'sent_at on the push_outbox row' });
    expect(row).toMatchObject({ attempts: 1, lastError: null, failedAt: null, lockedUntil: null });
    expect((await subscriptionRow(browser.endpoint))!.lastSuccessAt).toBeInstanceOf(Date);

    expect(peer().requests).toHaveLength(1);
    const [request] = peer().requestsFor(browser.endpoint);
    expect(request).toMatchObject({ method: 'POST', status: 201, vapidError: null });

    // RFC 8030 / 8188 headers
    expect(request!.headers.ttl).toBe('3600');
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.urgency).toBe('high');
    expect(request!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(request!.headers['content-length'])).toBe(request!.body.length);

    // RFC 8292: an ES256 token for this push service, signed with the key the browser subscribed with
    const keyResponse = await app().request({ method: 'GET', url: '/api/admin/push/public-key', cookie });
    const { publicKey } = keyResponse.json() as { publicKey: string };
    expect(request!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const vapid = verifyVapidAuthorization(request!.headers.authorization, peer().url);
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.claims.aud).toBe(peer().url);
    expect(vapid.claims.sub).toBe(app().config.vapid.subject);
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    const now = Date.now() / 1000;
    expect(vapid.claims.exp).toBeGreaterThan(now);
    expect(vapid.claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
    // A token for another push service, or signed by another key, does not pass.
    expect(() => verifyVapidAuthorization(request!.headers.authorization, 'https://fcm.googleapis.com')).toThrow(/aud/);
    const otherKey = createECDH('prime256v1');
    otherKey.generateKeys();
    const forged = request!.headers.authorization!.replace(/k=[\w-]+$/, `k=${otherKey.getPublicKey().toString('base64url')}`);
    expect(() => verifyVapidAuthorization(forged, peer().url)).toThrow(/signature/);

    // RFC 8291: only the browser can read it
    expect(request!.body.subarray(21 + 65).toString('utf8')).not.toContain('Lucía');
    const message = JSON.parse(browser.decrypt(request!.body)) as Record<string, unknown>;
    expect(message).toEqual({
      title: 'Nueva reserva',
      message: expect.stringContaining('Lucía Fernández'),
      url: '/admin',
      reservationData: {
        customerName: 'Lucía Fernández',
        reservationDate: guest.reservationDate,
        reservationTime: '13:30',
        numberOfPeople: 3,
      },
    });
    expect(message.message).toContain('13:30');
    expect(message.message).toContain('3 personas');
    // Another browser's keys cannot decrypt it.
    expect(() => createBrowserSubscription(peer()).decrypt(request!.body)).toThrow();
  });

  it('sends nothing and queues nothing while push notifications are off (the default)', async () => {
    await subscribedAdmin();
    const settings = await app().request({ method: 'GET', url: '/api/admin/notification-settings', cookie: (await admin()).cookie });
    expect(settings.json()).toMatchObject({ pushNotificationsEnabled: false });

    await book();
    await app().instance.push.drain();
    expect(await db().select().from(pushOutbox)).toHaveLength(0);
    expect(peer().requests).toHaveLength(0);
  });

  it('deletes a subscription the push service answers 410 Gone for, and never tries it again', async () => {
    const expired = await subscribedAdmin();
    const alive = await subscribedAdmin();
    await enablePush(alive.cookie);
    peer().expire(expired.browser.endpoint);

    await book();
    await app().instance.push.drain();
    await waitFor(async () => (await subscriptionRow(expired.browser.endpoint)) === undefined, {
      what: 'the expired subscription to go',
    });
    const delivered = await waitFor(async () => {
      const [current] = await outboxRowsFor(alive.subscriptionId);
      return current?.sentAt ? current : undefined;
    }, { what: 'delivery to the live subscription' });
    expect(delivered.attempts).toBe(1);

    expect(peer().requestsFor(expired.browser.endpoint).map((request) => request.status)).toEqual([410]);
    expect(peer().requestsFor(alive.browser.endpoint).map((request) => request.status)).toEqual([201]);
    // Its queued message went with it: nothing is left to retry, now or later.
    expect(await outboxRowsFor(expired.subscriptionId)).toHaveLength(0);
    expect(await isSubscribed(expired.cookie, expired.browser.endpoint)).toBe(false);
    await db().update(pushOutbox).set({ nextAttemptAt: new Date(Date.now() - 60 * 60_000) });
    await app().instance.push.drain();
    expect(peer().requestsFor(expired.browser.endpoint)).toHaveLength(1);

    // The next booking goes to the live subscription only.
    await book();
    await app().instance.push.drain();
    await waitFor(() => peer().requestsFor(alive.browser.endpoint).length === 2, { what: 'the second push' });
    expect(peer().requestsFor(expired.browser.endpoint)).toHaveLength(1);
  });

  it('retries after a 500 from the push service, later, and then delivers once', async () => {
    const { cookie, browser, subscriptionId } = await subscribedAdmin();
    await enablePush(cookie);
    peer().failNext(1);
    const bookedAt = Date.now(); // the first attempt cannot come before the booking
    const guest = await book({ customerName: 'Pedro Ruiz' });

    await app().instance.push.drain();
    const failed = await waitFor(async () => {
      const [current] = await outboxRowsFor(subscriptionId);
      return current?.lastError ? current : undefined;
    }, { what: 'the failed attempt to be recorded' });
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(failed.lastError).toMatch(/500|unexpected response/i);
    // Backoff: the default first retry is 30 s ± 25 %, not now.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(bookedAt + 20_000);
    expect(peer().requestsFor(browser.endpoint).map((request) => request.status)).toEqual([500]);
    await app().instance.push.drain();
    expect(peer().requestsFor(browser.endpoint)).toHaveLength(1);

    // Time passes: the retry is due.
    await db().update(pushOutbox).set({ nextAttemptAt: new Date(Date.now() - 1_000) }).where(eq(pushOutbox.id, failed.id));
    await app().instance.push.drain();
    const sent = await waitFor(async () => {
      const [current] = await outboxRowsFor(subscriptionId);
      return current?.sentAt ? current : undefined;
    }, { what: 'the retried delivery' });
    expect(sent).toMatchObject({ attempts: 2, lastError: null, failedAt: null });

    const requests = peer().requestsFor(browser.endpoint);
    expect(requests.map((request) => request.status)).toEqual([500, 201]);
    // Each attempt is encrypted afresh (new salt and ephemeral key) and reads the same.
    expect(requests[0]!.body.subarray(0, 16).equals(requests[1]!.body.subarray(0, 16))).toBe(false);
    for (const request of requests) {
      expect(JSON.parse(browser.decrypt(request.body))).toMatchObject({
        title: 'Nueva reserva',
        reservationData: { customerName: 'Pedro Ruiz', reservationDate: guest.reservationDate },
      });
    }

    // Delivered once: nothing more goes out.
    await db().update(pushOutbox).set({ nextAttemptAt: new Date(Date.now() - 60 * 60_000) });
    await app().instance.push.drain();
    expect(peer().requestsFor(browser.endpoint)).toHaveLength(2);
  });
});
