/**
 * `npm run restore FILE`: brings a backup of `npm run backup` back into the configured database, which must be new
 * and empty (a fresh DATA_DIR, or a newly created PostgreSQL database). It is migrated first; all or nothing.
 */
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { BackupError, openForMaintenance, restoreBackup } from '../src/server/modules/backups/backup.ts';
import { DataDirLockedError } from '../src/server/platform/data-dir-lock.ts';

/** Opens the file only when the restore starts reading: readline drops lines emitted before anyone iterates. */
async function* linesOf(file: string): AsyncGenerator<string> {
  yield* createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
}

async function restore(file: string | undefined): Promise<void> {
  if (!file) throw new BackupError('Usage: npm run restore FILE');
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const config = loadConfig();
  const { database, release } = await openForMaintenance(config, 'npm run restore', { migrate: true });
  try {
    await restoreBackup(database.db, linesOf(file));
    console.log(`Restored ${file} into ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}.`);
  } finally {
    await release();
  }
}

try {
  await restore(process.argv[2]);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError;
  console.error(known ? error.message : error);
  process.exit(1);
}
