import { spawn } from 'node:child_process';
import type { BookingPlan } from './booking-bodies.ts';
import { repoRoot } from './server.ts';

export interface LoadOptions {
  url: string;
  path: string;
  connections: number;
  durationSeconds: number;
  /**
   * A fixed offered load, evenly paced, over at most `connections` sockets (bench/lib/paced-load.ts); unset means
   * autocannon as fast as the server answers (saturation).
   */
  overallRate?: number;
  /** Set for POST /api/public/reservations: every request gets its own body and client address. */
  booking?: BookingPlan;
}

export interface LoadResult {
  durationSeconds: number;
  requests: number;
  /** Successful (2xx) responses per second. */
  okPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

/** Runs the load in a second Node process (bench/load-worker.ts) and returns its summary. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-worker.ts', JSON.stringify(options)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = stdout.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`load generator failed (exit ${code}): ${stderr}`));
      resolve(JSON.parse(line) as LoadResult);
    });
  });
}
