import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { messages } from '@shared/messages.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { openDayNextWeek, publicBooking } from '../support/bookings.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { startDatabaseRelay, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { type Timed, timedBooking, timedHealth } from '../support/timed-request.ts';
import { waitFor } from '../support/wait-for.ts';

// Two real server processes reach one PostgreSQL through one relay, so a silent partition on the database's side
// reaches both at once. Each must answer 503 in Spanish within 5 s and recover by itself, and a booking refused on
// one instance, retried with its id on the other, must end as exactly one stored booking.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PROMISED_MS = 5_000;

let database: TestDatabase;
let proxy: TcpProxy;
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;

const health = (server: ServerProcess, since?: number) => timedHealth(server.url, since);
const book = (server: ServerProcess, body: object, since?: number) => timedBooking(server.url, body, since);

const storedIds = async (ids: string[]) =>
  (await database.handle.db.select({ id: reservations.id }).from(reservations).where(inArray(reservations.id, ids))).map(
    (row) => row.id,
  );

/** Restores the network and resolves with how long it took until both instances' /healthz answered 200 again. */
async function recover(): Promise<number> {
  const since = performance.now();
  await proxy.restore();
  await Promise.all(
    [a, b].map((server) =>
      waitFor(async () => (await health(server)).status === 200, { timeoutMs: 30_000, intervalMs: 200, what: `${server.url}/healthz to recover` }),
    ),
  );
  return performance.now() - since;
}

function expectHealthUnavailable(answer: Timed): void {
  expect(answer.status).toBe(503);
  expect(answer.ms).toBeLessThan(PROMISED_MS);
  expect(answer.body).toMatchObject({
    status: 'unavailable',
    db: 'postgres',
    error: { code: 'database_unavailable', message: messages.http.databaseUnavailable },
  });
}

function expectBookingUnavailable(answer: Timed): void {
  expect(answer.status).toBe(503);
  expect(answer.ms).toBeLessThan(PROMISED_MS);
  expect(answer.body?.error).toMatchObject({ code: 'database_unavailable', message: messages.http.databaseUnavailable });
}

const ms = (value: number) => `${Math.round(value)} ms`;

function report(context: TestContext, figures: Record<string, number>): void {
  void context.annotate(Object.entries(figures).map(([name, value]) => `${name} ${ms(value)}`).join(', '));
}

describe.skipIf(!onPostgres)('the database goes silent for two server processes', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const relay = await startDatabaseRelay(database.url!);
    proxy = relay.proxy;
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-silence-two-'));
    // TRUST_PROXY: each booking from its own guest address (timedBooking).
    const start = (name: string) => startServerProcess({ DATABASE_URL: relay.url, DATA_DIR: join(dataDir, name), TRUST_PROXY: 'true' });
    [a, b] = await Promise.all([start('a'), start('b')]);
  }, 180_000);

  afterAll(async () => {
    for (const server of [a, b]) if (server) await stopServerProcess(server, 'SIGKILL');
    await proxy?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  // A failed test must not leave the next one in the silence.
  afterEach(() => proxy.restore());

  it('answers /healthz and a booking on each instance with 503 in Spanish within 5 s, both recover by themselves, and a booking refused on A is created once on B', async (context) => {
    const date = openDayNextWeek();
    // Each instance has a connection open before the silence, so the silence catches established sockets too.
    expect((await book(a, publicBooking(date, 0))).status).toBe(201);
    expect((await book(b, publicBooking(date, 1))).status).toBe(201);
    const onA = publicBooking(date, 2);
    const onB = publicBooking(date, 3);

    proxy.silence();
    const silentSince = performance.now();
    const [healthA, healthB, bookingA, bookingB] = await Promise.all([
      health(a, silentSince),
      health(b, silentSince),
      book(a, onA, silentSince),
      book(b, onB, silentSince),
    ]);
    for (const answer of [healthA!, healthB!]) expectHealthUnavailable(answer);
    for (const answer of [bookingA!, bookingB!]) expectBookingUnavailable(answer);

    const recoveredMs = await recover();
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    expect(await storedIds([onA.id, onB.id])).toEqual([]);
    // The guest gives up on A and retries on B with the same id: created there once, found again from either side.
    expect((await book(b, onA)).status).toBe(201);
    expect((await book(a, onA)).status).toBe(200);
    expect((await book(b, onA)).status).toBe(200);
    expect(await storedIds([onA.id])).toEqual([onA.id]);
    report(context, {
      'healthz A': healthA!.ms,
      'healthz B': healthB!.ms,
      'booking A': bookingA!.ms,
      'booking B': bookingB!.ms,
      'both healthy again after restore': recoveredMs,
    });
  }, 90_000);

  it('keeps a booking whose COMMIT A sent before the silence, and its retry on B returns it instead of a second one', async (context) => {
    const booking = publicBooking(openDayNextWeek(), 30);
    // The whole relay goes silent right after A's connection forwards this booking's COMMIT: B is cut off too.
    proxy.silence({ after: [booking.id, 'commit'] });
    const onA = await book(a, booking);
    expectBookingUnavailable(onA);
    const healthB = await health(b);
    expectHealthUnavailable(healthB);

    const recoveredMs = await recover();
    expect(await storedIds([booking.id])).toEqual([booking.id]);
    const retry = await book(b, booking);
    expect(retry.status).toBe(200);
    const stored = await database.handle.db.select().from(reservations).where(inArray(reservations.customerEmail, [booking.customerEmail]));
    expect(stored.map((row) => row.id)).toEqual([booking.id]);
    report(context, { 'booking A': onA.ms, 'healthz B': healthB.ms, 'both healthy again after restore': recoveredMs });
  }, 90_000);
});
