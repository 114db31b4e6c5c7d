/**
 * `npx tsx bench/recovery-timing.ts`: does password recovery answer an existing and an unknown email in the same
 * time? Starts the real server (PGlite in a fresh DATA_DIR, or DATABASE_URL's PostgreSQL), creates one
 * administrator, then sends 30 recovery requests for its email and 30 for an unknown one, interleaved, each from its
 * own client address (the per-IP limit allows 5), and prints both medians and their difference. A measurement, not
 * a test: run it on a quiet machine.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, startServer, stopServer } from './lib/server.ts';
import { round, sleep } from './lib/stats.ts';

const TRIES = 30;
const WARM_UP = 5;
const EXISTING = 'propietaria@example.com';
const UNKNOWN = 'nadie@example.com';
const databaseUrl = process.env.DATABASE_URL;

const dataDir = mkdtempSync(join(tmpdir(), 'mesa-recovery-timing-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(40) };
await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', EXISTING, '--password', 'una-contrasena-bien-larga-1'], {
  cwd: repoRoot,
  env,
});
const server = await startServer({ dataDir, databaseUrl });

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

let client = 0;
async function timedRecovery(email: string): Promise<number> {
  client++;
  const started = performance.now();
  const response = await fetch(`${server.url}/api/auth/recovery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `10.99.${client >> 8}.${client & 255}` },
    body: JSON.stringify({ email }),
  });
  await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`recovery for ${email} answered ${response.status}`);
  // Lets the delivery worker handle the queued row before the next request, so neither kind pays for the other.
  await sleep(250);
  return elapsed;
}

try {
  for (let i = 0; i < WARM_UP; i++) for (const email of [EXISTING, UNKNOWN]) await timedRecovery(email);
  const times: Record<string, number[]> = { [EXISTING]: [], [UNKNOWN]: [] };
  for (let i = 0; i < TRIES; i++) {
    // Alternate which goes first, so a drift in the machine's load falls on both alike.
    const order = i % 2 === 0 ? [EXISTING, UNKNOWN] : [UNKNOWN, EXISTING];
    for (const email of order) times[email]!.push(await timedRecovery(email));
  }
  const existing = median(times[EXISTING]!);
  const unknown = median(times[UNKNOWN]!);
  console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${TRIES} requests each, interleaved, after ${WARM_UP} warm-up pairs`);
  console.log(`existing email: median ${round(existing, 2)} ms`);
  console.log(`unknown email:  median ${round(unknown, 2)} ms`);
  console.log(`difference:     ${round(Math.abs(existing - unknown), 2)} ms`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
