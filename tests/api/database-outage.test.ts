import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { openDayNextWeek, postBooking, publicBooking } from '../support/bookings.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { startDatabaseRelay, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { waitFor } from '../support/wait-for.ts';

// The server reaches PostgreSQL through a TCP relay the test can cut: while the database is unreachable the server
// says so (503, in Spanish) without crashing or storing half a booking, and it recovers by itself once it is back.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: TestDatabase;
let proxy: TcpProxy;
let server: ServerProcess;
let dataDir: string;

const health = async () => (await fetch(`${server.url}/healthz`)).status;

describe.skipIf(!onPostgres)('the database goes away and comes back', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const relay = await startDatabaseRelay(database.url!);
    proxy = relay.proxy;
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-outage-'));
    server = await startServerProcess({ DATABASE_URL: relay.url, DATA_DIR: dataDir });
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServerProcess(server, 'SIGKILL');
    await proxy?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 in Spanish while it is down, keeps running, and serves again when it returns', async () => {
    const date = openDayNextWeek();
    expect(await health()).toBe(200);
    expect((await postBooking(server.url, publicBooking(date, 1))).status).toBe(201);

    await proxy.cut();
    expect(await waitFor(async () => (await health()) === 503 || undefined, { what: '/healthz to report 503' })).toBe(true);
    const refused = publicBooking(date, 2);
    const response = await postBooking(server.url, refused);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'database_unavailable', message: messages.http.databaseUnavailable });
    // The public settings read fails the same way, not with a generic 500.
    expect((await fetch(`${server.url}/api/public/settings`)).status).toBe(503);

    await proxy.restore();
    await waitFor(async () => (await health()) === 200, { timeoutMs: 30_000, intervalMs: 200, what: '/healthz to recover' });
    const accepted = publicBooking(date, 3);
    expect((await postBooking(server.url, accepted)).status).toBe(201);
    expect(server.child.exitCode).toBeNull();

    const stored = await database.handle.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.reservationDate, date));
    const ids = stored.map((row) => row.id);
    expect(ids).toContain(accepted.id);
    expect(ids).not.toContain(refused.id);
  });
});
