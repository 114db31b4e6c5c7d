/**
 * `npm run backup [-- FILE]`: writes a consistent SQL dump of the configured database (PGlite or PostgreSQL) to FILE,
 * by default DATA_DIR/backups/mesa-<time>.sql. The file appears under its name only once it is complete.
 */
import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { BackupError, openForMaintenance, writeBackup } from '../src/server/platform/backup.ts';
import { DataDirLockedError } from '../src/server/platform/data-dir-lock.ts';

function defaultFile(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return join(dataDir, 'backups', `mesa-${stamp}.sql`);
}

async function backup(file: string | undefined): Promise<void> {
  const config = loadConfig();
  const target = resolve(file ?? defaultFile(config.dataDir, new Date()));
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const { database, release } = await openForMaintenance(config, 'npm run backup', { migrate: false });
  const out = createWriteStream(partial, { mode: 0o600 });
  try {
    const summary = await writeBackup(database.db, async (line) => {
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    renameSync(partial, target);
    const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
    console.log(`Backup written to ${target} (${Object.keys(summary.tables).length} tables, ${rows} rows).`);
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await release();
  }
}

try {
  await backup(process.argv[2]);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError;
  console.error(known ? error.message : error);
  process.exit(1);
}
