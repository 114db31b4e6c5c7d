import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SENSITIVE_ACTIONS } from '@shared/schemas/sensitive-changes.ts';
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
const journal = JSON.parse(readFileSync(new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
/** The migrations an earlier release (at 0040) has not had, in order. */
const SINCE_0040 = journal.entries.filter((entry) => entry.idx > 40).map((entry) => entry.tag);
const SORT_INDEXES = ['visits', 'covers', 'no_shows', 'cancellations', 'spend', 'average_party'].map((figure) => `guests_${figure}_order_idx`);

/**
 * The database as an earlier release left it: each migration after 0040 taken back (0041, the trigger that keeps the
 * guest profiles' figures; 0042, a column; 0043, indexes; 0044, a source more; 0045, the API keys; 0046, the webhooks; 0047, the import; 0048, the erased links; 0049, the arrival's time; 0050, the new-request email's mode), with a guest
 * whose figures are not kept yet. A new migration adds its own undoing here. `breakIt` leaves the trigger in place
 * but not the function it calls, so that running 0041 again fails at creating the trigger, after it has made the
 * function again.
 */
async function asBeforeLastMigration(db: DatabaseHandle, breakIt = false) {
  if (!breakIt) {
    await db.db.execute(sql`drop trigger reservations_guest_stats_rows on reservations`);
    await db.db.execute(sql`drop trigger reservations_guest_stats_changes on reservations`);
    await db.db.execute(sql`drop function reservations_guest_stats()`);
  }
  await db.db.execute(sql`drop function guest_stats_refresh(uuid)`);
  if (!breakIt) await db.db.execute(sql`drop function guest_stats_of(uuid)`);
  if (!breakIt) {
    const [guest] = await rows<{ id: string }>(db, sql`insert into guests (email) values ('lucia@example.com') returning id`);
    await db.db.execute(sql`insert into reservations (customer_name, customer_phone, customer_email, number_of_people, reservation_date, reservation_time, status, arrival_status, guest_id)
      values ('Lucía Antes', '600111222', 'lucia@example.com', 4, '2026-01-10', '14:00', 'completed', 'arrived', ${guest!.id})`);
  }
  await db.db.execute(sql`alter table guests drop column risk_objected_at`);
  for (const index of SORT_INDEXES) await db.db.execute(sql.raw(`drop index ${index}`));
  await db.db.execute(sql`alter table reservations drop constraint reservations_source`);
  await db.db.execute(sql`alter table reservations add constraint reservations_source check (source in ('public', 'admin', 'walk_in'))`);
  await db.db.execute(sql`alter table reservation_changes drop column api_key_id`);
  await db.db.execute(sql`alter table reservation_changes drop column api_key_name`);
  await db.db.execute(sql`drop table api_keys`);
  await db.db.execute(sql`drop table webhook_deliveries`);
  await db.db.execute(sql`drop table webhook_endpoints`);
  await db.db.execute(sql`alter table guests drop column import_id`);
  await db.db.execute(sql`alter table guests drop column imported_basis`);
  await db.db.execute(sql`alter table reservations drop column import_id`);
  await db.db.execute(sql`drop table import_guest_merges`);
  await db.db.execute(sql`drop table import_mappings`);
  await db.db.execute(sql`drop table imports`);
  await db.db.execute(sql`delete from sensitive_changes where action in ('import_started', 'import_undone')`);
  await db.db.execute(sql`alter table sensitive_changes drop constraint sensitive_changes_action`);
  const before0047 = SENSITIVE_ACTIONS.filter((action) => !action.startsWith('import_')).map((action) => `'${action}'`);
  await db.db.execute(sql.raw(`alter table sensitive_changes add constraint sensitive_changes_action check (action in (${before0047.join(', ')}))`));
  await db.db.execute(sql`drop table erased_links`);
  await db.db.execute(sql`alter table reservations drop column arrived_at`);
  await db.db.execute(sql`drop table pending_request_alerts`);
  await db.db.execute(sql`alter table notification_settings drop column new_request_email_mode`);
  await db.db.execute(sql`alter table users drop column display_name`);
  await db.db.execute(sql`alter table staff_invitations drop column display_name`);
  await db.db.execute(sql`alter table restaurant_config drop column embed_origins`);
  await db.db.execute(sql`delete from drizzle.__drizzle_migrations where id in (select id from drizzle.__drizzle_migrations order by created_at desc limit ${SINCE_0040.length})`);
}

/** Whether the function 0041 writes is there. */
const keepsGuestFigures = async (db: DatabaseHandle) =>
  (await rows(db, sql`select 1 from pg_proc where proname = 'guest_stats_refresh'`)).length === 1;

const guestFigures = (db: DatabaseHandle) =>
  rows<{ name: string | null; visits: number; covers: number }>(db, sql`select name, visits, covers from guests where email = 'lucia@example.com'`);

describe('upgrades', () => {
  it('backs the database up before pending migrations, then migrates it', async () => {
    const config = await freshConfig();
    await withOpened(config, async (db) => {
      await db.db.execute(sql`update restaurant_config set name = 'Casa Lucía' where id = 1`);
      await asBeforeLastMigration(db);
    });
    const said: string[] = [];
    await withOpened(
      config,
      async (db) => {
        expect(await keepsGuestFigures(db)).toBe(true);
        // The guest booked while no trigger kept the figures: the migration computed them.
        expect(await guestFigures(db)).toEqual([{ name: 'Lucía Antes', visits: 1, covers: 4 }]);
      },
      (line) => said.push(line),
    );
    const backup = join(dataDir, 'backups', `mesa-before-${MESA_VERSION}.sql`);
    expect(said.join('\n')).toContain(`Backed up the database to ${backup} before ${SINCE_0040.length} migration(s): ${SINCE_0040.join(', ')}`);
    const dump = readFileSync(backup, 'utf8');
    expect(dump).toContain('Casa Lucía');

    // Nothing pending: no backup written again.
    rmSync(backup);
    await withOpened(config, async () => undefined);
    expect(existsSync(backup)).toBe(false);
  }, 120_000);

  it('leaves the database as it was when a migration fails, and says how to restore', async () => {
    const config = await freshConfig();
    // 0041 will fail: its trigger is there while the database says 0041 never ran.
    await withOpened(config, (db) => asBeforeLastMigration(db, true));
    const backup = join(dataDir, 'backups', `mesa-before-${MESA_VERSION}.sql`);
    const failed = withOpened(config, async () => undefined);
    await expect(failed).rejects.toThrow(MigrationFailedError);
    await expect(failed).rejects.toThrow(`npm run restore ${backup}`);
    expect(existsSync(backup)).toBe(true);
    // The function the migration made before it failed went with the rollback.
    expect(await inspect(keepsGuestFigures)).toBe(false);
    expect(await inspect(async (db) => (await rows(db, sql`select 1 from pg_trigger where tgname = 'reservations_guest_stats_rows'`)).length)).toBe(1);
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
