/**
 * `npm run bench`: starts the real server in a child process (PGlite in a temporary DATA_DIR, or a fresh database on
 * the DATABASE_URL server), loads it from a second process with autocannon, checks each figure against its budget,
 * writes bench/results.json and prints a table. Exits non-zero when a budget is missed.
 *
 * `npm run bench:ci` (--ci): a few seconds of the booking scenario on PGlite and the bundle budget, nothing else.
 * `npm run bench -- --page`: the guest page weight and Lighthouse alone (no server load, no results.json).
 * `npm run bench -- --only booking`: scenario 1's alternating rounds alone (no fixed-rate run, no results.json).
 * `npm run bench -- --only staff-reads`: the history and 'Clientes' reads on a million rows alone (PostgreSQL; no
 * results.json).
 * `npm run bench -- --only import`: 20,000 guests and 5,000 bookings imported (issue 49; PostgreSQL; no results.json).
 * See PERFORMANCE.md.
 */
import { loadavg } from 'node:os';
import { machine, printTable, type RunReport, writeResults } from './report.ts';
import type { Measurement } from './lib/results.ts';
import { stopServer } from './lib/server.ts';
import { openTarget } from './lib/target.ts';
import { benchAvailability, benchMonthAvailability } from './scenarios/availability.ts';
import { benchTableAvailability } from './scenarios/table-availability.ts';
import { benchTableBooking } from './scenarios/table-booking.ts';
import { benchBooking } from './scenarios/booking.ts';
import { peakRssMeasurement, startMainServer } from './scenarios/footprint.ts';
import { benchLiveEvents } from './scenarios/live-events.ts';
import { benchPageWeight } from './scenarios/page-weight.ts';
import { benchStaffReads } from './scenarios/staff-reads.ts';
import { benchImport } from './scenarios/import.ts';

const ci = process.argv.includes('--ci');
const pageOnly = process.argv.includes('--page');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && only !== 'booking' && only !== 'staff-reads' && only !== 'import') throw new Error(`--only takes 'booking', 'staff-reads' or 'import', not ${only}`);
const bookingOnly = only === 'booking';
const staffReadsOnly = only === 'staff-reads';
/**
 * The CI floor for the booking ratio on PGlite, whose goal (0.5) is not reachable on PGlite (PERFORMANCE.md, point
 * 1). Quiet machine, 2026-11-24: 0.43 and 0.44 in two short runs. Busy machines cost the ratio up to a third
 * (the 2026-11-23 runs under load 8-17 ranged from 0.69× to 1× the quiet figure), so 0.2 trips on a real
 * regression — a booking doing twice the database work — and not on a busy machine. BENCH_RATIO_FLOOR overrides it.
 */
const CI_RATIO_FLOOR = Number(process.env.BENCH_RATIO_FLOOR ?? 0.2);
const RATIO_GOAL = 0.5;
/** Issue 21: the booking path with table assignment keeps this share of the raw booking writes. */
const TABLE_RATIO_GOAL = 0.45;

/** What bench:ci fails on; its other figures are printed for information. */
const CI_GATES = new Set(['ratio booking ÷ raw booking writes', 'initial JS, gzip -9', 'admin source modules in initial JS', 'initial JS of /admin, gzip -9']);
/** Page weights are exact on any machine: each language's addition (issue 26) gates CI too. */
const isCiGate = (metric: string) => CI_GATES.has(metric) || /^\w\w chosen: JS it adds/.test(metric);

const target = await openTarget(ci ? undefined : process.env.DATABASE_URL);
const measurements: Measurement[] = [];
const startLoad = loadavg().map((value) => Math.round(value * 100) / 100);
const log = (text: string) => console.error(`[bench] ${text}`);
try {
  log(`database: ${target.kind}${ci ? ' (ci: short run)' : ''}`);
  if (!pageOnly) await benchServer();
  if (only === undefined) {
    log('guest page weight');
    measurements.push(...(await benchPageWeight(target, { lighthouse: !ci })));
  }
} finally {
  await target.dispose();
}

async function benchServer(): Promise<void> {
  log('start-up and footprint');
  const main = await startMainServer(target, { restart: !ci && !bookingOnly });
  measurements.push(...main.measurements);
  try {
    if (only === 'import' && main.admin) {
      log('import of a guest book and bookings to come');
      measurements.push(...(await benchImport(main.server, main.admin, target)));
      return;
    }
    if (staffReadsOnly && main.admin) {
      log('staff reads at scale');
      measurements.push(...(await benchStaffReads(main.server, main.admin, target)));
      return;
    }
    if (!ci && !bookingOnly) {
      // Before scenario 1, whose outbox backlog the main server would still be delivering.
      log("booking throughput, 'Por mesas' (its own database and server)");
      measurements.push(...(await benchTableBooking(process.env.DATABASE_URL, { rounds: 3, roundSeconds: 6, ratioFloor: TABLE_RATIO_GOAL })));
    }
    log('booking throughput and latency');
    const booking = await benchBooking(main.server, target, {
      rounds: ci ? 5 : 3,
      roundSeconds: ci ? 2 : 6,
      fixedSeconds: ci || bookingOnly ? 0 : 15,
      offeredRate: 200,
      ratioFloor: ci ? CI_RATIO_FLOOR : RATIO_GOAL,
      bareInsert: !ci,
    });
    measurements.push(...booking.measurements, peakRssMeasurement(booking.peakRssMiB));
    if (main.admin) {
      log('availability reads');
      measurements.push(...(await benchAvailability(main.server, 10, 200)));
      log('booking calendar month reads');
      measurements.push(...(await benchMonthAvailability(main.server, 10, 200)));
      log("availability reads, 'Por mesas'");
      measurements.push(...(await benchTableAvailability(main.server, target, 10, 200)));
      log('live events');
      measurements.push(...(await benchLiveEvents(main.server, main.admin, target)));
      log('import of a guest book and bookings to come');
      measurements.push(...(await benchImport(main.server, main.admin, target)));
      log('staff reads at scale');
      measurements.push(...(await benchStaffReads(main.server, main.admin, target)));
    }
  } finally {
    await stopServer(main.server);
  }
}

const judged = ci
  ? measurements.map((m) => (isCiGate(m.metric) || m.pass === null ? m : { ...m, pass: null, note: `${m.note ?? ''} (not a CI gate)`.trim() }))
  : measurements;
const report: RunReport = {
  at: new Date().toISOString(),
  mode: ci ? 'ci' : 'full',
  database: target.kind,
  machine: { ...machine(), loadAverage: startLoad },
  measurements: judged,
  passed: judged.every((m) => m.pass !== false),
};
if (!ci && !pageOnly && only === undefined) writeResults(report);
printTable(report);
process.exitCode = report.passed ? 0 : 1;
