import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { MigrationFailedError, SchemaNewerError } from '../../src/server/db/upgrade.ts';
import { embeddedDatabaseDir, openConfiguredDatabase } from '../../src/server/instance.ts';
import { MESA_VERSION } from '../../src/server/version.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { testConfig } from '../support/test-app.ts';
import { rowsOf } from '../../src/server/db/rows.ts';

// Issue 43: an upgrade backs the database up before its pending migrations, a failed migration leaves it as it was
// and says how to restore, and a database of a newer Mesa is refused. On PGlite (DATA_DIR) and PostgreSQL.
let database: TestDatabase | undefined;
let dataDir: string;
const dirs: string[] = [];
const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const made of databases) await made.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A new DATA_DIR and, on PostgreSQL, a new database: each test breaks its own. */
const freshConfig = async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mesa-upgrade-'));
  dirs.push(dataDir);
  database = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  if (database) databases.push(database);
  return testConfig(dataDir, database ? { DATABASE_URL: database.url! } : {});
};

async function withOpened<T>(config: ReturnType<typeof testConfig>, work: (db: DatabaseHandle) => Promise<T>, report: (line: string) => void = () => {}) {
  const { database: handle, lock } = await openConfiguredDatabase(config, 'the upgrade test', report);
  try {
    return await work(handle);
  } finally {
    await handle.close();
    lock?.release();
  }
}

/** Reads the database with nothing holding it: the shared PostgreSQL database, or PGlite's directory opened alone. */
async function inspect<T>(work: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  if (database) return work(database.handle);
  const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const rows = <T>(db: DatabaseHandle, query: ReturnType<typeof sql>) => rowsOf<T>(db.db, query);
const lastMigration = sql`(select id from drizzle.__drizzle_migrations order by created_at desc limit 1)`;

/**
 * The database as the previous release left it: without the last migration (0038, WhatsApp and SMS), its four tables
 * and the columns it added. `keepColumn` leaves one column (reservations.customer_phone_e164), so that running 0038
 * again fails there, after it has made the tables.
 */
async function asBeforeLastMigration(db: DatabaseHandle, keepColumn = false) {
  for (const table of ['guest_messages', 'messaging_consents', 'messaging_opt_outs', 'messaging_settings']) {
    await db.db.execute(sql.raw(`drop table ${table}`));
  }
  const columns = ['reservations.messaging_channel', 'reservations.guest_confirmed_at', 'waitlist_entries.customer_phone_e164', 'waitlist_entries.messaging_channel'];
  if (!keepColumn) columns.push('reservations.customer_phone_e164');
  for (const [table, column] of columns.map((each) => each.split('.'))) {
    await db.db.execute(sql.raw(`alter table ${table} drop column ${column}`));
  }
  await db.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${lastMigration}`);
}

const columnExists = async (db: DatabaseHandle, table: string, column: string) =>
  (
    await rows<{ present: boolean }>(
      db,
      sql`select exists (select 1 from information_schema.columns where table_name = ${table} and column_name = ${column}) as "present"`,
    )
  )[0]!.present;

describe('upgrades', () => {
  it('backs the database up before pending migrations, then migrates it', async () => {
    const config = await freshConfig();
    await withOpened(config, async (db) => {
      await db.db.execute(sql`update restaurant_config set name = 'Casa Lucía' where id = 1`);
      await asBeforeLastMigration(db);
    });
    const said: string[] = [];
    await withOpened(config, async (db) => expect(await columnExists(db, 'guest_messages', 'provider_message_id')).toBe(true), (line) => said.push(line));
    const backup = join(dataDir, 'backups', `mesa-before-${MESA_VERSION}.sql`);
    expect(said.join('\n')).toContain(`Backed up the database to ${backup} before 1 migration(s): 0038_guest_messaging`);
    const dump = readFileSync(backup, 'utf8');
    expect(dump).toContain('Casa Lucía');

    // Nothing pending: no backup written again.
    rmSync(backup);
    await withOpened(config, async () => undefined);
    expect(existsSync(backup)).toBe(false);
  }, 120_000);

  it('leaves the database as it was when a migration fails, and says how to restore', async () => {
    const config = await freshConfig();
    // 0038 will fail: its column is still there while the database says 0038 never ran.
    await withOpened(config, (db) => asBeforeLastMigration(db, true));
    const backup = join(dataDir, 'backups', `mesa-before-${MESA_VERSION}.sql`);
    const failed = withOpened(config, async () => undefined);
    await expect(failed).rejects.toThrow(MigrationFailedError);
    await expect(failed).rejects.toThrow(`npm run restore ${backup}`);
    expect(existsSync(backup)).toBe(true);
    // The tables the migration made before it failed rolled back with it.
    expect(await inspect((db) => columnExists(db, 'guest_messages', 'provider_message_id'))).toBe(false);
  }, 120_000);

  it('refuses a database migrated by a newer Mesa', async () => {
    const config = await freshConfig();
    await withOpened(config, (db) =>
      db.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-mesa', ${Date.now() + 86_400_000})`),
    );
    await expect(withOpened(config, async () => undefined)).rejects.toThrow(SchemaNewerError);
    await expect(withOpened(config, async () => undefined)).rejects.toThrow(/migrated by a newer Mesa than this one/);
  }, 120_000);
});
