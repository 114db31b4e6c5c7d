import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { embeddedDatabaseDir } from '../../src/server/instance.ts';
import { openDayNextWeek, postBooking, publicBooking } from '../support/bookings.ts';
import { freePort, type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { waitFor } from '../support/wait-for.ts';
import { configure } from '../support/factories.ts';

// The server is killed (SIGKILL: no shutdown code runs) in the middle of a burst of bookings while the mail server
// is down. After a restart on the same database every acknowledged booking is there, and once the mail server is
// back every guest gets exactly one email. Runs on PGlite (its data directory) and, in the PostgreSQL pass, there.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BURST = 24;
const PARALLEL = 6;
const KILL_AFTER_ACKS = 8;
const STAFF_EMAIL = 'sala@example.com';

let smtp: SmtpPeer;
let dataDir: string;
let port: number;
let database: TestDatabase | undefined;
const servers: ServerProcess[] = [];

function serverEnv(): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    SESSION_SECRET: 'crash-recovery-session-secret-0123456789abcdef',
    TRUST_PROXY: 'true', // each booking of the burst from its own guest address (postBooking)
    ...(database ? { DATABASE_URL: database.url! } : {}),
  };
}

/** The same port every time: with the same data directory, that is what makes a restart the same instance. */
async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(serverEnv(), port);
  servers.push(server);
  return server;
}

/** Reads the database with no server running (PGlite allows one process at a time). */
async function withDatabase<T>(work: (db: DatabaseHandle['db']) => Promise<T>, loadDataDir?: Blob): Promise<T> {
  if (database) return work(database.handle.db);
  const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir), ...(loadDataDir ? { loadDataDir } : {}) });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function readStored() {
  return withDatabase(async (db) => ({
    rows: await db.select().from(reservations),
    outbox: await db.select().from(emailOutbox),
  }));
}

/**
 * Restarts the server until every queued email is sent; the rows are read between runs because PGlite admits one
 * process. Emails that failed while the mail server was down wait for their retry (30 s or so).
 */
async function restartUntilOutboxDrained() {
  for (let round = 0; round < 3; round++) {
    const stored = await readStored();
    if (stored.outbox.every((row) => row.sentAt !== null)) return stored;
    const server = await start();
    await waitFor(() => smtp.messages.length >= stored.outbox.length, {
      timeoutMs: 120_000,
      intervalMs: 200,
      what: `${stored.outbox.length} emails`,
    });
    await stopServerProcess(server);
  }
  throw new Error('the outbox never drained');
}

/** Sends the burst `PARALLEL` at a time and kills the server once `KILL_AFTER_ACKS` were acknowledged. */
async function burstUntilKilled(server: ServerProcess): Promise<{ acknowledged: string[]; failed: number }> {
  const date = openDayNextWeek();
  const queue = Array.from({ length: BURST }, (_, index) => publicBooking(date, index));
  const acknowledged: string[] = [];
  let failed = 0;
  let killing: Promise<void> | null = null;
  const sender = async () => {
    for (let body = queue.shift(); body; body = queue.shift()) {
      const response = await postBooking(server.url, body).catch(() => null);
      if (response?.status === 201) acknowledged.push(body.id);
      else failed++;
      if (acknowledged.length >= KILL_AFTER_ACKS) killing ??= stopServerProcess(server, 'SIGKILL');
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, sender));
  await killing;
  return { acknowledged, failed };
}

describe(`a crash in the middle of a burst (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-crash-'));
    port = await freePort();
    if (onPostgres) database = await createTestDatabase();
    // PGlite's data directory starts as a copy of the migrated template (creating one costs seconds).
    const template = onPostgres ? undefined : new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    await withDatabase(
      (db) => configure(db, { adminEmail: STAFF_EMAIL }),
      template,
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server, 'SIGKILL')));
    await smtp?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('keeps every acknowledged booking and sends each email once after the restart', { timeout: 300_000 }, async () => {
    await smtp.stop();
    const { acknowledged, failed } = await burstUntilKilled(await start());
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    // The kill landed mid-burst: some requests never got an answer.
    expect(failed).toBeGreaterThan(0);

    await smtp.start();
    const { rows, outbox } = await restartUntilOutboxDrained();
    const storedIds = new Set(rows.map((row) => row.id));
    for (const id of acknowledged) expect(storedIds.has(id), `acknowledged booking ${id} is stored`).toBe(true);

    expect(outbox.every((row) => row.sentAt !== null)).toBe(true);
    const received = smtp.messages.flatMap((message) => message.envelopeTo);
    for (const row of rows) {
      expect(received.filter((to) => to === row.customerEmail), `one email to ${row.customerEmail}`).toHaveLength(1);
    }
    // One staff alert per stored booking, and nothing sent twice in all.
    expect(received.filter((to) => to === STAFF_EMAIL)).toHaveLength(rows.length);
    expect(smtp.messages).toHaveLength(outbox.length);
  });
});
