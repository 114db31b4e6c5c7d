import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { writeBackup } from '../../src/server/modules/backups/backup.ts';
import { writeBackupFile } from '../../src/server/modules/backups/backup-file.ts';
import { startDatabaseRelay, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// A dump waits for the disk between two reads of its transaction. If PostgreSQL goes away just then, the error lands
// on the checked-out connection itself: before the fix nothing listened for it and the server process crashed (the
// database-outage test caught it once nightly backups ran at start).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('a backup cut off from PostgreSQL mid-dump', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let handle: DatabaseHandle;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const relay = await startDatabaseRelay(database.url!);
    proxy = relay.proxy;
    handle = await openDatabase({ kind: 'postgres', url: relay.url });
    dir = mkdtempSync(join(tmpdir(), 'mesa-backup-outage-'));
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    await proxy?.close();
    await database?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('fails that dump, leaves no file, and the pool serves again once the database is back', async () => {
    let cut = false;
    // The dump's writer: the database goes away while the first batch is on its way to disk.
    const dump = writeBackup(handle.db, async (line) => {
      if (cut || !line.startsWith('INSERT')) return;
      cut = true;
      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await expect(dump).rejects.toThrow();
    expect(cut).toBe(true);
    // The error event of the dropped connection has fired by now; an unhandled one would have failed this file.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(writeBackupFile(handle.db, join(dir, 'during-outage.sql'))).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);

    await proxy.restore();
    await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
  });
});
