import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { systemClock } from '../../src/server/platform/clock.ts';
import { ChangeBus } from '../../src/server/platform/events.ts';
import { createRateLimits } from '../../src/server/platform/rate-limit.ts';
import { openDayNextWeek, publicBooking } from '../support/bookings.ts';
import { testConfig, TEST_ORIGIN } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// A database that refuses new connections (too many, not accepting them, starting up) is unavailable, not a bug in
// Mesa: every request answers 503 with the Spanish message, never 500.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'mesa-refusals-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** An app on a fresh pool to `url` (no connection opened yet), and what three kinds of request answer. */
async function answersThrough(url: string) {
  const database = await openDatabase({ kind: 'postgres', url });
  const app = await buildApp({
    config: testConfig(dataDir),
    database,
    clock: systemClock,
    changes: new ChangeBus(),
    rateLimits: createRateLimits(database, systemClock),
    sessionSecret: 'refusals-test-secret-long-enough-for-hmac-0123',
    vapidKeys: () => Promise.reject(new Error('not needed')),
    webRoot: null,
    logger: false,
  });
  try {
    const booking = await app.inject({
      method: 'POST',
      url: '/api/public/reservations',
      headers: { origin: TEST_ORIGIN },
      payload: publicBooking(openDayNextWeek(), 1),
    });
    const settings = await app.inject({ method: 'GET', url: '/api/public/settings' });
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    return { booking: { status: booking.statusCode, error: booking.json().error }, settings: settings.statusCode, health: health.statusCode };
  } finally {
    await app.close();
    await database.close();
  }
}

function expectUnavailable(answers: Awaited<ReturnType<typeof answersThrough>>): void {
  expect(answers).toEqual({
    booking: { status: 503, error: expect.objectContaining({ code: 'database_unavailable', message: messages.http.databaseUnavailable }) },
    settings: 503,
    health: 503,
  });
}

/** The smallest PostgreSQL peer: answers any startup message with a FATAL ErrorResponse carrying `sqlstate`. */
async function refusingPeer(sqlstate: string, text: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.concat([
        ...[`SFATAL`, `VFATAL`, `C${sqlstate}`, `M${text}`].map((field) => Buffer.from(`${field}\0`)),
        Buffer.from([0]),
      ]);
      const length = Buffer.alloc(4);
      length.writeInt32BE(fields.length + 4);
      socket.end(Buffer.concat([Buffer.from('E'), length, fields]));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://mesa@127.0.0.1:${port}/mesa`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a database that refuses connections', () => {
  it('answers 503 when the server is starting up (57P03)', async () => {
    const peer = await refusingPeer('57P03', 'the database system is starting up');
    try {
      expectUnavailable(await answersThrough(peer.url));
    } finally {
      await peer.close();
    }
  });

  describe.skipIf(!onPostgres)('on PostgreSQL', () => {
    let database: TestDatabase;
    let admin: pg.Client;

    beforeAll(async () => {
      database = await createTestDatabase();
      // On the server's own database: a database cannot refuse connections while the session altering it is inside.
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    }, 60_000);

    afterAll(async () => {
      await admin?.end();
      await database?.destroy();
    }, 60_000);

    it('answers 503 when there are too many connections (53300)', async () => {
      const role = `mesa_refused_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 0`);
      try {
        const url = new URL(database.url!);
        url.username = role;
        expectUnavailable(await answersThrough(url.toString()));
      } finally {
        await admin.query(`DROP ROLE ${role}`);
      }
    });

    it('answers 503 when the database is not accepting connections (55000)', async () => {
      const name = pg.escapeIdentifier(new URL(database.url!).pathname.slice(1));
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      try {
        expectUnavailable(await answersThrough(database.url!));
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
    });
  });
});
