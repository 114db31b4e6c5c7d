import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { BACKUP_TRAILER } from '../../src/server/modules/backups/backup.ts';
import { openDayNextWeek, postBooking, publicBooking } from '../support/bookings.ts';
import { databaseUrlFor, randomDatabaseName } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// `npm run backup` while `npm start` runs (issue 17, item 11). With the embedded database the server holds the
// DATA_DIR lock, so the script asks the server for the dump over its local socket; on PostgreSQL it connects itself.
const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const SESSION_SECRET = 'backup-running-server-secret-0123456789abcdef';

const script = (name: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', SESSION_SECRET, ...env },
  });
const failure = (error: { code: number; stderr: string }) => error;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let workDir: string;
let database: TestDatabase | undefined;
let server: ServerProcess;
const env = () => ({ DATA_DIR: join(workDir, 'live'), ...(database?.url ? { DATABASE_URL: database.url } : {}) });

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'mesa-live-backup-'));
  if (serverUrl) database = await createTestDatabase();
  server = await startServerProcess({ ...env(), SESSION_SECRET, BACKUP_HOUR: 'off' });
}, 120_000);

afterAll(async () => {
  await stopServerProcess(server);
  await database?.destroy();
  rmSync(workDir, { recursive: true, force: true });
}, 60_000);

describe('npm run backup while the server runs', () => {
  it('writes a dump that npm run restore loads into a new database', { timeout: 180_000 }, async () => {
    const booking = publicBooking(openDayNextWeek(), 1);
    expect((await postBooking(server.url, booking)).status).toBe(201);

    const file = join(workDir, 'while-running.sql');
    const { stdout } = await script('backup', [file], env());
    expect(stdout).toContain(`Backup written to ${file}`);
    if (!serverUrl) expect(stdout).toContain('taken by the running server');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trimEnd().split('\n').at(-1)).toBe(BACKUP_TRAILER);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const name = randomDatabaseName('mesa_restore');
    const url = serverUrl ? databaseUrlFor(serverUrl, name) : undefined;
    if (serverUrl) await adminQuery(`CREATE DATABASE ${name}`);
    const target = { DATA_DIR: join(workDir, 'restored'), ...(url ? { DATABASE_URL: url } : {}) };
    try {
      expect((await script('restore', [file], target)).stdout).toContain('Restored');
      const restored = url
        ? await openDatabase({ kind: 'postgres', url, poolSize: 1 })
        : await openDatabase({ kind: 'pglite', dataDir: join(target.DATA_DIR, 'pgdata') });
      try {
        const [row] = await restored.db.select().from(reservations).where(eq(reservations.id, booking.id));
        expect(row).toMatchObject({ customerName: booking.customerName, customerEmail: booking.customerEmail });
      } finally {
        await restored.close();
      }
    } finally {
      if (serverUrl) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });

  it.skipIf(serverUrl)('listens only on a socket the owner alone can reach, gone once the server stops', () => {
    const dir = join(workDir, 'live', 'control');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const socket = statSync(join(dir, 'mesa.sock'));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it.skipIf(serverUrl)('still names the holder when the lock is not a server that answers', async () => {
    const dataDir = join(workDir, 'restoring');
    // As a live holder on this machine writes it: its pid, in our pid namespace, since this boot.
    const lock = {
      pid: process.pid,
      holder: 'npm run restore',
      pidNamespace: readlinkSync('/proc/self/ns/pid'),
      bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
      token: 'the-restore',
      since: new Date().toISOString(),
    };
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'mesa.lock'), JSON.stringify(lock));
    const refused = await script('backup', [join(workDir, 'never.sql')], { DATA_DIR: dataDir }).catch(failure);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('in use by npm run restore') });
    expect(existsSync(join(workDir, 'never.sql'))).toBe(false);
  });
});

describe.skipIf(serverUrl)('after the server stops', () => {
  it('removes its socket, and npm run backup opens the directory itself', { timeout: 120_000 }, async () => {
    await stopServerProcess(server);
    expect(existsSync(join(workDir, 'live', 'control', 'mesa.sock'))).toBe(false);
    const file = join(workDir, 'stopped.sql');
    const { stdout } = await script('backup', [file], env());
    expect(stdout).toMatch(/Backup written to .*stopped\.sql \(\d+ tables, \d+ rows\)/);
  });
});
