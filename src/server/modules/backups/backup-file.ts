import { once } from 'node:events';
import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { type BackupSummary, writeBackup } from './backup.ts';

/** Where backups live inside DATA_DIR: the nightly ones and, by default, those of `npm run backup`. */
export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

/** The nightly files are named after their Madrid day; retention only ever deletes files named like this. */
export const NIGHTLY_PREFIX = 'mesa-nightly-';
export const nightlyFileName = (madridDay: string) => `${NIGHTLY_PREFIX}${madridDay}.sql`;
const NIGHTLY_FILE = /^mesa-nightly-\d{4}-\d{2}-\d{2}\.sql$/;

const PARTIAL = '.partial';
/** A dump taken for one download or one `npm run backup` request; unlinked once open, removed at start if left. */
export const FRESH_PREFIX = '.mesa-fresh-';

/**
 * Writes the lines `produce` emits to `target`, readable by the owner only. They go to `target.partial`, renamed once
 * complete, so a file under its name is always whole; on failure the partial file is removed.
 */
export async function writeFileWhole<T>(target: string, produce: (writeLine: (line: string) => Promise<void>) => Promise<T>): Promise<T> {
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}${PARTIAL}`;
  const out = createWriteStream(partial, { mode: 0o600 });
  // The file exists once the stream is open: a failure that came before that would remove nothing, and the open
  // finishing afterwards would leave a partial file behind (seen when the database refused the dump at once).
  await once(out, 'ready');
  try {
    const result = await produce(async (line) => {
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    renameSync(partial, target);
    return result;
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Writes a dump of `db` to `target` (whole or not at all); answers the summary and the file's size in bytes. */
export async function writeBackupFile(db: Database, target: string, now: Date = new Date()): Promise<BackupSummary & { bytes: number }> {
  const summary = await writeFileWhole(target, (writeLine) => writeBackup(db, writeLine, now));
  return { ...summary, bytes: statSync(target).size };
}

/** Deletes the oldest nightly files beyond `keep`; other files in the directory (manual backups) are left alone. */
export function pruneNightlyBackups(dir: string, keep: number): string[] {
  const nightly = readdirSync(dir)
    .filter((name) => NIGHTLY_FILE.test(name))
    .sort();
  const removed = nightly.slice(0, Math.max(0, nightly.length - keep));
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}

/** What a crash of this server left behind: partial nightly files and fresh dumps. `npm run backup`'s are not ours. */
export function removeLeftoverBackups(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const nightlyPartial = name.startsWith(NIGHTLY_PREFIX) && name.endsWith(PARTIAL);
    if (nightlyPartial || name.startsWith(FRESH_PREFIX)) rmSync(join(dir, name), { force: true });
  }
}
