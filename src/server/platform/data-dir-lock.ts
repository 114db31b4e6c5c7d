// PGlite has no lock of its own and two processes on one data directory corrupt it; DATA_DIR/mesa.lock is that lock.
// A process id alone cannot tell a live holder from a dead one across containers: a container's server gets the same
// pid on every start, and a holder in another container is invisible to kill(pid, 0). So the holder also touches the
// file every few seconds (its heartbeat), and a lock from another pid namespace is stale once its heartbeat stops.
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

export interface LockTiming {
  /** How often the holder touches the file. */
  heartbeatMs: number;
  /** A lock whose file has not been touched for this long, held from another pid namespace, is stale. */
  staleAfterMs: number;
}

export const LOCK_TIMING: LockTiming = { heartbeatMs: 2_000, staleAfterMs: 15_000 };

interface Owner {
  pid: number;
  holder: string;
  /** The holder's pid namespace and boot: its pid means something here only when both are ours. */
  pidNamespace: string | null;
  bootId: string | null;
  token: string;
}

/** The locks this process holds, by token: a second opener in the same process is refused at once. */
const heldHere = new Set<string>();

const readText = (read: () => string) => {
  try {
    return read().trim();
  } catch {
    return null;
  }
};
const pidNamespace = readText(() => readlinkSync('/proc/self/ns/pid'));
const bootId = readText(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));

export async function lockDataDir(dataDir: string, holder: string, timing: LockTiming = LOCK_TIMING): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'mesa.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = tryCreate(path, holder, timing);
    if (taken) return taken;
    const owner = readOwner(path);
    if (owner && (await holderIsAlive(path, owner, timing))) {
      throw new DataDirLockedError(
        `The database in ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}); stop it first, or use DATABASE_URL.`,
      );
    }
    // The holder died without cleaning up (a crash, kill -9, a container stopped hard): the lock is stale.
    rmSync(path, { force: true });
  }
  throw new DataDirLockedError(`Could not lock ${path}.`);
}

function tryCreate(path: string, holder: string, timing: LockTiming): DataDirLock | null {
  const token = randomUUID();
  const owner: Owner = { pid: process.pid, holder, pidNamespace, bootId, token };
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  writeSync(fd, JSON.stringify({ ...owner, since: new Date().toISOString() }));
  closeSync(fd);
  heldHere.add(token);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // Removed under us (DATA_DIR wiped): nothing left to keep alive.
    }
  }, timing.heartbeatMs);
  heartbeat.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(token);
      if (readOwner(path)?.token === token) rmSync(path, { force: true });
    },
  };
}

/**
 * In this process, or a live pid of our own namespace since this boot: alive, at once. Otherwise the heartbeat decides:
 * the file touched within staleAfterMs, and touched again while we watch for that long, is a live holder elsewhere.
 */
async function holderIsAlive(path: string, owner: Owner, timing: LockTiming): Promise<boolean> {
  if (heldHere.has(owner.token)) return true;
  const sameNamespace = pidNamespace !== null && owner.pidNamespace === pidNamespace && owner.bootId === bootId;
  if (sameNamespace && owner.pid !== process.pid) return pidIsAlive(owner.pid);
  const beat = () => readText(() => String(statSync(path).mtimeMs));
  const first = beat();
  if (first === null || Date.now() - Number(first) > timing.staleAfterMs) return false;
  const deadline = Date.now() + timing.staleAfterMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(timing.heartbeatMs, 500)));
    const now = beat();
    if (now === null) return false;
    if (now !== first) return true;
  }
  return false;
}

function readOwner(path: string): Owner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      holder: String(parsed.holder ?? 'another process'),
      pidNamespace: parsed.pidNamespace ?? null,
      bootId: parsed.bootId ?? null,
      token: String(parsed.token ?? ''),
    };
  } catch {
    return null;
  }
}

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
