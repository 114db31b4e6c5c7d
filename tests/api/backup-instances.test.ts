import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridToday } from '@shared/rules/madrid-time.ts';
import { backupRuns, jobRuns } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { BACKUP_TRAILER } from '../../src/server/modules/backups/backup.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { signInTo } from '../support/server-sign-in.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { waitFor } from '../support/wait-for.ts';

// Two real server processes on one PostgreSQL database, each with its own DATA_DIR, both finding tonight's backup
// due at their first tick (BACKUP_HOUR=0: always past): one of them writes it, once, and both show the same record.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ADMIN_EMAIL = 'copias@example.com';
const PASSWORD = 'correct-horse-battery-staple-42';

const signIn = (server: ServerProcess) => signInTo(server, { email: ADMIN_EMAIL, password: PASSWORD });

describe.skipIf(!onPostgres)('the nightly backup with two instances on PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-backup-instances-'));
    await upsertAdmin(database.handle.db, ADMIN_EMAIL, PASSWORD);
    const start = (name: string) =>
      startServerProcess({
        DATABASE_URL: database.url!,
        DATA_DIR: join(dataDir, name),
        SESSION_SECRET: 'backup-instances-share-this-session-secret-0123',
        BACKUP_HOUR: '0',
      });
    servers.push(...(await Promise.all([start('first'), start('second')])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('writes one backup per night across instances, into the DATA_DIR of the instance that claimed it', async () => {
    const [run, ...others] = await waitFor(
      async () => {
        const rows = await database.handle.db.select().from(backupRuns);
        return rows.length > 0 && rows.every((row) => row.finishedAt !== null) && rows;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: 'the nightly backup run' },
    );
    // Both schedulers ticked at start, before /healthz answered: a second run would be there by now.
    expect(others).toEqual([]);
    const fileName = `mesa-nightly-${madridToday(new Date())}.sql`;
    expect(run).toMatchObject({ fileName, error: null });
    const claims = await database.handle.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'nightly-backup'));
    expect(claims).toHaveLength(1);

    const holders = ['first', 'second'].filter((name) => existsSync(join(dataDir, name, 'backups', fileName)));
    expect(holders).toHaveLength(1);
    const holder = servers[['first', 'second'].indexOf(holders[0]!)]!;
    expect(run!.instance).toBe(`${hostname()}:${new URL(holder.url).port}`);
    expect(run!.sizeBytes).toBe(statSync(join(dataDir, holders[0]!, 'backups', fileName)).size);
    const other = holders[0] === 'first' ? 'second' : 'first';
    expect(existsSync(join(dataDir, other, 'backups')) ? readdirSync(join(dataDir, other, 'backups')) : []).toEqual([]);
  });

  it('shows the same last backup through either instance, and either gives a fresh dump to download', async () => {
    const cookie = await signIn(servers[0]!);
    const statuses = await Promise.all(
      servers.map(async (server) => (await fetch(`${server.url}/api/admin/backups`, { headers: { cookie } })).json()),
    );
    expect(statuses[0]).toMatchObject({ latest: { error: null }, schedule: { hour: 0, keep: 14 } });
    expect(statuses[1]).toEqual(statuses[0]);
    for (const server of servers) {
      const download = await fetch(`${server.url}/api/admin/backups/download`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="mesa-\d{4}-\d{2}-\d{2}-\d{4}\.sql"$/);
      expect((await download.text()).trimEnd().split('\n').at(-1)).toBe(BACKUP_TRAILER);
    }
    const anonymous = await Promise.all(servers.map(async (server) => (await fetch(`${server.url}/api/admin/backups/download`)).status));
    expect(anonymous).toEqual([401, 401]);
  });
});
