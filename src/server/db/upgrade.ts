// Upgrades (issue 43): before pending migrations run on a database that has been in use, a whole backup is written
// to DATA_DIR/backups/mesa-before-<version>.sql; a failed migration leaves the database as it was (drizzle runs the
// pending migrations in one transaction) and says how to restore; a database migrated by a newer Mesa is refused.
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { backupsDir, writeBackupFile } from '../modules/backups/backup-file.ts';
import { MESA_VERSION } from '../version.ts';
import type { DatabaseHandle } from './client.ts';
import { appliedMigrations, migrateDatabase, migrationsFolder } from './migrate.ts';

export class SchemaNewerError extends Error {}
export class MigrationFailedError extends Error {}

const BEFORE_UPGRADE = /^mesa-before-.+\.sql$/;

interface JournalEntry {
  tag: string;
  when: number;
}

const journal = (): JournalEntry[] =>
  (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

export interface UpgradeOptions {
  dataDir: string;
  postgresUrl: string | undefined;
  /** BACKUP_KEEP: the pre-upgrade backups kept, as the nightly ones. */
  keep: number;
  /** What the start-up did, for the server's log once it has one. */
  report(line: string): void;
}

export async function migrateWithBackup(database: DatabaseHandle, options: UpgradeOptions): Promise<void> {
  const entries = journal();
  const migrations = await appliedMigrations(database.db);
  const applied = { count: migrations.length, lastWhen: migrations.length > 0 ? Math.max(...migrations.map((m) => m.when)) : null };
  const known = entries.at(-1)?.when ?? 0;
  if (applied.lastWhen !== null && applied.lastWhen > known) {
    throw new SchemaNewerError(
      `The database was migrated by a newer Mesa than this one (${MESA_VERSION}): start that version again, or restore a backup taken before the upgrade (npm run restore FILE) into an empty database.`,
    );
  }
  const pending = entries.filter((entry) => applied.lastWhen === null || entry.when > applied.lastWhen);
  let backup: string | null = null;
  if (applied.count > 0 && pending.length > 0) {
    const dir = backupsDir(options.dataDir);
    backup = join(dir, `mesa-before-${MESA_VERSION}.sql`);
    await writeBackupFile(database.db, backup);
    pruneUpgradeBackups(dir, options.keep);
    options.report(`Backed up the database to ${backup} before ${pending.length} migration(s): ${pending.map((entry) => entry.tag).join(', ')}`);
  }
  try {
    await migrateDatabase(database, options.postgresUrl);
  } catch (error) {
    const restore = backup ? ` A backup taken just before is ${backup}: to go back, run npm run restore ${backup} on an empty database.` : '';
    throw new MigrationFailedError(
      `Migrating the database failed (${error instanceof Error ? error.message : String(error)}); it is as it was before this start.${restore}`,
      { cause: error },
    );
  }
}

/** The oldest pre-upgrade backups beyond `keep` go; the nightly ones are counted apart (pruneNightlyBackups). */
function pruneUpgradeBackups(dir: string, keep: number): void {
  const files = readdirSync(dir)
    .filter((name) => BEFORE_UPGRADE.test(name))
    .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => a.at - b.at);
  for (const { name } of files.slice(0, Math.max(0, files.length - keep))) rmSync(join(dir, name), { force: true });
}
