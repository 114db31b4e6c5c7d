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
import { SENSITIVE_ACTIONS } from '@shared/schemas/sensitive-changes.ts';

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

/** Seguridad's actions as the previous release knew them: before 0039 added Mensajería's two. */
const PREVIOUS_ACTIONS = SENSITIVE_ACTIONS.filter((action) => !action.startsWith('messaging_settings_'));
const actionCheck = (actions: readonly string[]) => sql.raw(`check (action in (${actions.map((action) => `'${action}'`).join(', ')}))`);

/**
 * The database as the previous release left it: without the last migration (0039, the sensitive changes of
 * Mensajería), its check on Seguridad's actions as it was. `breakIt` also leaves a line no check allows, behind a check
 * that is NOT VALID, so that running 0039 again fails at its new check, after it has dropped the old one.
 */
async function asBeforeLastMigration(db: DatabaseHandle, breakIt = false) {
  await db.db.execute(sql`alter table sensitive_changes drop constraint sensitive_changes_action`);
  if (breakIt) await db.db.execute(sql`insert into sensitive_changes (at, action) values (now(), 'from_nowhere')`);
  await db.db.execute(sql`alter table sensitive_changes add constraint sensitive_changes_action ${actionCheck(PREVIOUS_ACTIONS)} ${sql.raw(breakIt ? 'not valid' : '')}`);
  await db.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${lastMigration}`);
}

/** Whether Seguridad's actions check is the one 0039 writes (it allows Mensajería's lines). */
const allowsMessagingChanges = async (db: DatabaseHandle) =>
  (
    await rows<{ definition: string }>(db, sql`select pg_get_constraintdef(oid) as "definition" from pg_constraint where conname = 'sensitive_changes_action'`)
  )[0]!.definition.includes('messaging_settings_saved');

describe('upgrades', () => {
  it('backs the database up before pending migrations, then migrates it', async () => {
    const config = await freshConfig();
    await withOpened(config, async (db) => {
      await db.db.execute(sql`update restaurant_config set name = 'Casa Lucía' where id = 1`);
      await asBeforeLastMigration(db);
    });
    const said: string[] = [];
    await withOpened(config, async (db) => expect(await allowsMessagingChanges(db)).toBe(true), (line) => said.push(line));
    const backup = join(dataDir, 'backups', `mesa-before-${MESA_VERSION}.sql`);
    expect(said.join('\n')).toContain(`Backed up the database to ${backup} before 1 migration(s): 0039_messaging_sensitive_changes`);
    const dump = readFileSync(backup, 'utf8');
    expect(dump).toContain('Casa Lucía');

    // Nothing pending: no backup written again.
    rmSync(backup);
    await withOpened(config, async () => undefined);
    expect(existsSync(backup)).toBe(false);
  }, 120_000);

  it('leaves the database as it was when a migration fails, and says how to restore', async () => {
    const config = await freshConfig();
    // 0039 will fail: a line its check refuses is there while the database says 0039 never ran.
    await withOpened(config, (db) => asBeforeLastMigration(db, true));
    const backup = join(dataDir, 'backups', `mesa-before-${MESA_VERSION}.sql`);
    const failed = withOpened(config, async () => undefined);
    await expect(failed).rejects.toThrow(MigrationFailedError);
    await expect(failed).rejects.toThrow(`npm run restore ${backup}`);
    expect(existsSync(backup)).toBe(true);
    // The check the migration dropped before it failed came back with the rollback.
    expect(await inspect(allowsMessagingChanges)).toBe(false);
    expect(await inspect(async (db) => (await rows(db, sql`select 1 from pg_constraint where conname = 'sensitive_changes_action'`)).length)).toBe(1);
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
