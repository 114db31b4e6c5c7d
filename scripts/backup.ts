/**
 * `npm run backup [-- FILE]`: writes a consistent SQL dump of the configured database (PGlite or PostgreSQL) to FILE,
 * by default DATA_DIR/backups/mesa-<time>.sql. The file appears under its name only once it is complete. While the
 * server holds the embedded database, the dump is asked of the server through its local socket.
 */
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { BackupError, openForMaintenance } from '../src/server/modules/backups/backup.ts';
import { NoServerError, requestBackupFromServer } from '../src/server/modules/backups/backup-control.ts';
import { backupsDir, writeBackupFile, writeFileWhole } from '../src/server/modules/backups/backup-file.ts';
import { DataDirLockedError } from '../src/server/platform/data-dir-lock.ts';

function defaultFile(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return join(backupsDir(dataDir), `mesa-${stamp}.sql`);
}

async function fromRunningServer(dataDir: string, target: string): Promise<void> {
  await writeFileWhole(target, (writeLine) => requestBackupFromServer(dataDir, writeLine));
}

async function backup(file: string | undefined): Promise<void> {
  const config = loadConfig();
  const target = resolve(file ?? defaultFile(config.dataDir, new Date()));
  let opened: Awaited<ReturnType<typeof openForMaintenance>>;
  try {
    opened = await openForMaintenance(config, 'npm run backup', { migrate: false });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    try {
      await fromRunningServer(config.dataDir, target);
    } catch (viaServer) {
      // The lock's holder is not a server that answers (a restore, a migration): the lock's message says who it is.
      throw viaServer instanceof NoServerError ? error : viaServer;
    }
    console.log(`Backup written to ${target} (taken by the running server).`);
    return;
  }
  const { database, release } = opened;
  try {
    const summary = await writeBackupFile(database.db, target);
    const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
    console.log(`Backup written to ${target} (${Object.keys(summary.tables).length} tables, ${rows} rows).`);
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
