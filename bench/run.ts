/**
 * `npm run bench`: starts the real server in a child process (PGlite in a temporary DATA_DIR, or DATABASE_URL),
 * loads it from this process with autocannon, and checks each scenario against its budget.
 * Writes bench/results.json and prints a table; exits non-zero when a budget is missed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

interface Scenario {
  name: string;
  path: string;
  connections: number;
  /** Offered load: latency is measured at this fixed rate, not at saturation. */
  requestsPerSecond: number;
  durationSeconds: number;
  budget: { p99Ms: number };
}

const SCENARIOS: Scenario[] = [
  { name: 'health check', path: '/healthz', connections: 10, requestsPerSecond: 200, durationSeconds: 5, budget: { p99Ms: 10 } },
  {
    name: 'public settings read',
    path: '/api/public/settings',
    connections: 10,
    requestsPerSecond: 200,
    durationSeconds: 5,
    budget: { p99Ms: 10 },
  },
];

const root = fileURLToPath(new URL('..', import.meta.url));
const port = 3900 + Math.floor(Math.random() * 50);
const dataDir = mkdtempSync(join(tmpdir(), 'mesa-bench-'));
const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
});
const baseUrl = `http://127.0.0.1:${port}`;

async function waitForServer(deadline = Date.now() + 60_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 60 s');
}

try {
  await waitForServer();
  const results = [];
  for (const scenario of SCENARIOS) {
    const run = await autocannon({
      url: `${baseUrl}${scenario.path}`,
      connections: scenario.connections,
      overallRate: scenario.requestsPerSecond,
      duration: scenario.durationSeconds,
    });
    results.push({
      scenario: scenario.name,
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      offeredPerSecond: scenario.requestsPerSecond,
      requestsPerSecond: Math.round(run.requests.average),
      p50Ms: run.latency.p50,
      p99Ms: run.latency.p99,
      errors: run.errors + run.non2xx,
      budgetP99Ms: scenario.budget.p99Ms,
      withinBudget: run.latency.p99 <= scenario.budget.p99Ms && run.errors + run.non2xx === 0,
    });
  }
  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
  console.table(results);
  process.exitCode = results.every((result) => result.withinBudget) ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
