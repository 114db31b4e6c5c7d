import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** PGlite has no lock of its own and two processes on one data directory corrupt it; this file is that lock. */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'mesa.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      if (owner && isAlive(owner.pid)) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}); stop it first, or use DATABASE_URL.`,
        );
      }
      // The holder died without cleaning up: the lock is stale.
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${path}.`);
}

function readOwner(path: string): { pid: number; holder: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; holder?: unknown };
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, holder: String(parsed.holder ?? 'another process') } : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
