import { type AdminAccount, createAdmin } from '../lib/admin-session.ts';
import { measure, type Measurement } from '../lib/results.ts';
import { type BenchServer, rssMiB, startServer, stopServer } from '../lib/server.ts';
import { round, sleep } from '../lib/stats.ts';
import type { BenchTarget } from '../lib/target.ts';

const SCENARIO = 'start-up & footprint';

export interface MainServer {
  server: BenchServer;
  dataDir: string;
  /** Created only with `restart` (the full run). */
  admin: AdminAccount | null;
  measurements: Measurement[];
}

/**
 * Starts the server on an empty database (migrations and seed included); with `restart`, stops it, creates the
 * bench's administrator (while the server is stopped, as PGlite requires) and starts it again on the existing
 * database. Start-ups are timed from spawn to the first 200 on /healthz; the RSS is read once the server has settled.
 */
export async function startMainServer(target: BenchTarget, options: { restart: boolean }): Promise<MainServer> {
  const dataDir = target.tempDir('data');
  const where = { dataDir, databaseUrl: target.databaseUrl };
  const first = await startServer(where);
  const measurements = [
    measure(SCENARIO, 'start-up on an empty database (spawn → 200 /healthz)', Math.round(first.startupMs), 'ms', undefined,
      'includes migrations and seed'),
  ];
  let server = first;
  let admin: AdminAccount | null = null;
  if (options.restart) {
    await stopServer(first);
    admin = await createAdmin(where);
    server = await startServer(where);
    measurements.push(measure(SCENARIO, 'start-up on an existing database', Math.round(server.startupMs), 'ms'));
  }
  await sleep(2_000);
  measurements.push(measure(SCENARIO, 'server RSS at rest', round(rssMiB(server)), 'MiB'));
  return { server, dataDir, admin, measurements };
}

export const peakRssMeasurement = (peakMiB: number): Measurement =>
  measure(SCENARIO, 'server RSS peak under booking load', round(peakMiB), 'MiB');
