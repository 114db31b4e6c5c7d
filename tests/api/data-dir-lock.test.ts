import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/platform/data-dir-lock.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';

// Issue 43: DATA_DIR's lock across containers. A container's server gets the same pid on every start and cannot see
// a holder in another container, so a lock held from another pid namespace is judged by its heartbeat (the file's
// modification time, touched every two seconds by the holder). PGlite only: PostgreSQL takes no DATA_DIR lock.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mesa-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const quick = { heartbeatMs: 100, staleAfterMs: 1_000 };

/** A lock file as a server in another container wrote it: same pid as ours (pid 1 in both), another namespace. */
function foreignLock(dataDir: string, ageMs: number): string {
  const path = join(dataDir, 'mesa.lock');
  const owner = { pid: process.pid, holder: 'the Mesa server', pidNamespace: 'pid:[4026530000]', bootId: 'another-boot', token: 'theirs' };
  writeFileSync(path, JSON.stringify(owner));
  const beat = new Date(Date.now() - ageMs);
  utimesSync(path, beat, beat);
  return path;
}

describe.skipIf(onPostgres)('the DATA_DIR lock', () => {
  it('takes over a lock from another container whose heartbeat stopped (kill -9, out of memory)', async () => {
    const dataDir = tempDir();
    foreignLock(dataDir, 60_000);
    const lock = await lockDataDir(dataDir, 'the Mesa server', quick);
    lock.release();
    // Stopped a moment ago: a restart waits for the heartbeat to prove it stopped, then starts.
    foreignLock(dataDir, 0);
    const again = await lockDataDir(dataDir, 'the Mesa server', quick);
    again.release();
  });

  it('refuses while the other container still beats, and in the same process', async () => {
    const dataDir = tempDir();
    const path = foreignLock(dataDir, 0);
    const beating = setInterval(() => utimesSync(path, new Date(), new Date()), 100);
    try {
      await expect(lockDataDir(dataDir, 'npm run backup', quick)).rejects.toThrow(/in use by the Mesa server/);
    } finally {
      clearInterval(beating);
    }
    rmSync(path);
    const held = await lockDataDir(dataDir, 'the Mesa server', quick);
    await expect(lockDataDir(dataDir, 'npm run admin:create', quick)).rejects.toThrow(DataDirLockedError);
    held.release();
  });

  // The container case for real: `unshare` gives the server its own pid namespace, where it is pid 1 every time.
  const unshare = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child=SIGKILL'];
  const canUnshare = spawnSync(unshare[0]!, [...unshare.slice(1), 'true']).status === 0;

  it.skipIf(!canUnshare)('starts again after kill -9 as pid 1 of a new namespace, and refuses a second live server', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, SESSION_SECRET: 'data-dir-lock-session-secret-0123456789abcdef' };
    const servers: ServerProcess[] = [];
    try {
      servers.push(await startServerProcess(env, undefined, unshare));
      await stopServerProcess(servers[0]!, 'SIGKILL');
      servers.push(await startServerProcess(env, undefined, unshare));
      expect((await fetch(`${servers[1]!.url}/healthz`)).status).toBe(200);
      await expect(startServerProcess(env, undefined, unshare)).rejects.toThrow(/in use by the Mesa server/);
    } finally {
      // unshare ignores SIGTERM while it waits for the server; its --kill-child takes the server with it.
      for (const server of servers) await stopServerProcess(server, 'SIGKILL');
    }
  }, 180_000);
});
