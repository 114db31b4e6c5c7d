import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { REQUEST_DATABASE_BUDGET_MS } from '../../src/server/db/deadline.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { signIn } from '../../bench/lib/admin-session.ts';
import { openDayNextWeek, postBooking, publicBooking } from '../support/bookings.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { startDatabaseRelay, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { GIVE_UP_MS, type Timed, timed, timedBooking, timedHealth } from '../support/timed-request.ts';
import { waitFor } from '../support/wait-for.ts';

// A silent partition: the relay keeps every socket open and forwards nothing, so no error ever reaches the server.
// Within 5 s it must answer 503 in Spanish anyway, commit nothing it had not sent COMMIT for, and recover by itself.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PROMISED_MS = 5_000;

let database: TestDatabase;
let proxy: TcpProxy;
let server: ServerProcess;
let dataDir: string;
let direct: pg.Client;

// The old code never answered: GIVE_UP_MS bounds the wait.
const health = (since?: number) => timedHealth(server.url, since);
const book = (body: object, since?: number) => timedBooking(server.url, body, since);

const storedIds = async (ids: string[]) =>
  (await database.handle.db.select({ id: reservations.id }).from(reservations).where(inArray(reservations.id, ids))).map(
    (row) => row.id,
  );

async function recover(): Promise<void> {
  await proxy.restore();
  await waitFor(async () => (await health()).status === 200, { timeoutMs: 30_000, intervalMs: 200, what: '/healthz to recover' });
}

function expectUnavailable(answer: Timed): void {
  expect(answer.status).toBe(503);
  expect(answer.ms).toBeLessThan(PROMISED_MS);
}

describe.skipIf(!onPostgres)('the database goes silent (a network partition)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const relay = await startDatabaseRelay(database.url!);
    proxy = relay.proxy;
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-silence-'));
    // TRUST_PROXY: each booking from its own guest address (timedBooking).
    server = await startServerProcess({ DATABASE_URL: relay.url, DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    direct = new pg.Client({ connectionString: database.url! });
    await direct.connect();
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServerProcess(server, 'SIGKILL');
    await direct?.end();
    await proxy?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  // A failed test must not leave the next one in the silence.
  afterEach(() => proxy.restore());

  it('answers /healthz, an admin page and more bookings than the pool has connections with 503 in Spanish within 5 s, then recovers by itself', async () => {
    const date = openDayNextWeek();
    expect((await postBooking(server.url, publicBooking(date, 0))).status).toBe(201);
    const admin = { email: 'silence-admin@example.com', password: 'Silencio-de-la-red-2026' };
    await upsertAdmin(database.handle.db, admin.email, admin.password);
    const cookie = await signIn(server.url, admin);

    proxy.silence();
    const silentSince = performance.now();
    const refused = Array.from({ length: 12 }, (_, index) => publicBooking(date, index + 1));
    const adminPage = timed(() => fetch(`${server.url}/api/admin/settings`, { headers: { cookie }, signal: AbortSignal.timeout(GIVE_UP_MS) }), silentSince);
    const [healthz, settings, ...bookings] = await Promise.all([health(silentSince), adminPage, ...refused.map((body) => book(body, silentSince))]);
    for (const answer of [healthz!, settings!, ...bookings]) expectUnavailable(answer);
    for (const answer of [settings!, ...bookings]) {
      expect(answer.body?.error).toMatchObject({ code: 'database_unavailable', message: messages.http.databaseUnavailable });
    }

    await recover();
    expect(server.child.exitCode).toBeNull();
    // No COMMIT left before the silence, so none of them was stored; each retry with its id creates it exactly once.
    expect(await storedIds(refused.map((body) => body.id))).toEqual([]);
    for (const body of refused.slice(0, 3)) {
      expect((await book(body)).status).toBe(201);
      expect((await book(body)).status).toBe(200);
    }
    expect(await storedIds(refused.slice(0, 3).map((body) => body.id))).toHaveLength(3);
  }, 60_000);

  it('rolls back a booking caught mid-transaction, on the server too, and creates it once when retried', async () => {
    const booking = publicBooking(openDayNextWeek(), 20);
    const lockKey = `reservation:${booking.customerEmail}:${booking.reservationDate}`;
    // The test holds the booking's own email-and-day lock, so its transaction waits inside, after BEGIN.
    await direct.query('select pg_advisory_lock(hashtext($1))', [lockKey]);
    const started = performance.now();
    const answer = book(booking, started);
    const waiting = await waitFor(
      async () =>
        (
          await direct.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
               and query like '%pg_advisory_xact_lock%'`,
          )
        ).rows[0]?.pid,
      { timeoutMs: 3_000, what: 'the booking to wait for its lock' },
    );

    proxy.silence();
    const silentSince = performance.now();
    await direct.query('select pg_advisory_unlock(hashtext($1))', [lockKey]);
    expectUnavailable(await answer);
    expect(performance.now() - silentSince).toBeLessThan(PROMISED_MS);
    // The server's side ends by itself while the network is still silent: its session was idle in a transaction.
    await waitFor(async () => (await direct.query('select 1 from pg_stat_activity where pid = $1', [waiting])).rowCount === 0, {
      timeoutMs: 10_000,
      intervalMs: 100,
      what: 'PostgreSQL to end the abandoned transaction',
    });

    await recover();
    expect(await storedIds([booking.id])).toEqual([]);
    expect((await book(booking)).status).toBe(201);
    expect((await book(booking)).status).toBe(200);
    expect(await storedIds([booking.id])).toEqual([booking.id]);
  }, 60_000);

  it('keeps a booking whose COMMIT was sent before the silence, and its retry returns it instead of a second one', async () => {
    const booking = publicBooking(openDayNextWeek(), 30);
    proxy.silence({ after: [booking.id, 'commit'] });
    expectUnavailable(await book(booking));

    await recover();
    expect(await storedIds([booking.id])).toEqual([booking.id]);
    const retry = await book(booking);
    expect(retry.status).toBe(200);
    expect(await storedIds([booking.id])).toEqual([booking.id]);
  }, 60_000);

  it('waits past its budget while the database keeps answering: a queue is not a silence', async () => {
    const booking = publicBooking(openDayNextWeek(), 40);
    const lockKey = `reservation:${booking.customerEmail}:${booking.reservationDate}`;
    await direct.query('select pg_advisory_lock(hashtext($1))', [lockKey]);
    const answer = book(booking);
    // Past the budget, yet short of the 5 s statement_timeout that would end the wait on the server.
    const heldUntil = performance.now() + REQUEST_DATABASE_BUDGET_MS + 1_000;
    // Other requests keep being answered meanwhile, as on a busy day.
    while (performance.now() < heldUntil) expect((await health()).status).toBe(200);
    await direct.query('select pg_advisory_unlock(hashtext($1))', [lockKey]);
    const answered = await answer;
    expect(answered.status).toBe(201);
    expect(answered.ms).toBeGreaterThan(REQUEST_DATABASE_BUDGET_MS + 1_000);
  }, 60_000);
});
