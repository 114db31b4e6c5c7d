import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../tests/support/server-process.ts';
import { sleep } from './stats.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** One secret for every instance of a run: a session made on instance A is valid on instance B. */
const sessionSecret = randomBytes(32).toString('base64url');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 on /healthz. */
  startupMs: number;
  output: string[];
}


/** Extra Node flags for the server only, e.g. `BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`. */
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * Spawns the real server (`src/server/main.ts`, or another entry) as its own Node process, with TRUST_PROXY on so the
 * load generator can give each request its own client address (X-Forwarded-For) and stay under the per-IP limit.
 */
export async function startServer(
  options: { dataDir: string; databaseUrl: string | undefined; entry?: string; env?: Record<string, string> },
): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    SESSION_SECRET: sessionSecret,
    // A nightly dump of the seeded million rows at the first tick would be measured as load.
    BACKUP_HOUR: 'off',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeArgs, '--import', 'tsx', options.entry ?? 'src/server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${output.join('')}`);
    const status = await fetch(`${url}/healthz`).then((response) => response.status, () => 0);
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no 200 on ${url}/healthz within 120 s:\n${output.join('')}`);
    }
    await sleep(20);
  }
  return { url, child, startupMs: performance.now() - started, output };
}

export async function stopServer({ child }: BenchServer): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Resident set size of the server process in MiB (Linux /proc), NaN where unavailable. */
export function rssMiB({ child }: BenchServer): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return kib / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Samples the RSS every `intervalMs` until stopped; resolves the peak. */
export function sampleRss(server: BenchServer, intervalMs = 200): { stop(): number } {
  let peak = rssMiB(server);
  const timer = setInterval(() => {
    const current = rssMiB(server);
    if (current > peak || Number.isNaN(peak)) peak = current;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMiB(server));
    },
  };
}
