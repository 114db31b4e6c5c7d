import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { HISTORY_PAGE_SIZE, historyQuerySchema } from '@shared/schemas/reservation-history.ts';
import type { Database } from '../../src/server/db/client.ts';
import { schema } from '../../src/server/db/schema.ts';
import { historyPage } from '../../src/server/modules/reservations/admin-queries.ts';
import { type AdminAccount, signIn } from '../lib/admin-session.ts';
import { below, exactly, measure, skipped, type Measurement } from '../lib/results.ts';
import type { BenchServer } from '../lib/server.ts';
import { percentile, round } from '../lib/stats.ts';
import type { BenchTarget } from '../lib/target.ts';
import { seedGuests, seedReservations } from '../seed.ts';

const SCENARIO = 'staff reads (1M rows)';
const ROWS = 1_000_000;
/** Issue 47: the 'Clientes' list on 100,000 guests holding the million bookings. */
const GUESTS = 100_000;
const GUEST_CASES: Array<[string, Record<string, string>]> = [
  ['no filter (last visit desc)', {}],
  ['segment Habituales', { segment: 'regulars' }],
  ['segment Perdidos', { segment: 'lost' }],
  ['segment VIP', { segment: 'vip' }],
  ['sort visits desc', { sort: 'visits' }],
  ['sort spend asc', { sort: 'spend', dir: 'asc' }],
  ['sort name asc', { sort: 'name', dir: 'asc' }],
  ['search "gonz"', { q: 'gonz' }],
  ['search "12345" (phone)', { q: '12345' }],
  ['page 1000', { page: '1000' }],
];
const SAMPLES = 20;
/** The 5 ms reads are timed more often: with 20 samples their p95 is the second-slowest request. */
const QUICK_SAMPLES = 100;

/** Each filter, the free-text search and each sort of the history screen (the route's query schema). */
const HISTORY_CASES: Array<[string, Record<string, string>]> = [
  ['no filter (date desc)', {}],
  ['sort reservation_time', { sort: 'reservation_time' }],
  ['sort created_at', { sort: 'created_at' }],
  ['sort customer_name asc', { sort: 'customer_name', direction: 'asc' }],
  ['date range (one month)', { from: monthAgo(1), to: monthAgo(0) }],
  ['status cancelled', { status: 'cancelled' }],
  ['arrival no_show', { arrivalStatus: 'no_show' }],
  ['search "gonz"', { q: 'gonz' }],
  ['search "12345" (phone)', { q: '12345' }],
  ['search "paula.4" (email)', { q: 'paula.4' }],
  ['search + date range', { q: 'mart', from: monthAgo(3), to: monthAgo(0) }],
  ['page 200', { page: '200' }],
];

/** The plans that must use an index: a bounded date range, and a 3+ character search. */
const EXPLAIN_CASES: Array<[string, Record<string, string>]> = [
  ['date range', { from: monthAgo(1), to: monthAgo(0) }],
  ['search "gonz"', { q: 'gonz' }],
];

function monthAgo(months: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

async function timeGet(url: string, cookie: string, samples = SAMPLES): Promise<number[]> {
  const timings: number[] = [];
  for (let i = 0; i < samples + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= 3) timings.push(performance.now() - started); // the first three warm the caches
  }
  return timings;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

/** Statements the route sends around its queries (a transaction and its settings): run, not explained. */
const CONTROL_STATEMENT = /^\s*(?:begin|commit|rollback|set\s|savepoint|release)/i;

async function explainStatement(
  client: pg.PoolClient,
  statement: { sql: string; params: unknown[] },
  label: string,
  mustUseIndexes: boolean,
): Promise<Measurement> {
  const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`,
    statement.params,
  );
  const plan = rows[0]!['QUERY PLAN'][0]!;
  const nodes = flatten(plan.Plan);
  const seqScans = nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'reservations').length;
  const indexes = [...new Set(nodes.map((node) => node['Index Name']).filter(Boolean))].join(', ');
  const part = /count\(/i.test(statement.sql) ? 'count' : 'page';
  return measure(SCENARIO, `EXPLAIN ${label}, ${part}: Seq Scans on reservations`, seqScans, '', mustUseIndexes ? exactly(0) : undefined,
    `${round(plan['Execution Time'])} ms; ${nodes.map((node) => node['Node Type']).join(' › ')}; indexes: ${indexes || 'none'}`);
}

/**
 * EXPLAIN (ANALYZE) of the exact statements the history route runs: historyPage is called with a Drizzle instance
 * whose logger captures the SQL and parameters, which are then explained on the same database. `mustUseIndexes`
 * judges the plans (no Seq Scan on reservations); otherwise they are reported for information.
 */
async function explainHistory(
  databaseUrl: string,
  label: string,
  query: Record<string, string>,
  mustUseIndexes: boolean,
): Promise<Measurement[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const captured: Array<{ sql: string; params: unknown[] }> = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
    await historyPage(db as unknown as Database, historyQuerySchema.parse(query), HISTORY_PAGE_SIZE);
    // Replayed in order on one connection, so that the count's `set local` inside its transaction applies to it.
    const client = await pool.connect();
    const measurements: Measurement[] = [];
    try {
      for (const statement of captured) {
        if (CONTROL_STATEMENT.test(statement.sql)) await client.query(statement.sql, statement.params);
        else measurements.push(await explainStatement(client, statement, label, mustUseIndexes));
      }
    } finally {
      client.release();
    }
    return measurements;
  } finally {
    await pool.end();
  }
}

export async function benchStaffReads(server: BenchServer, admin: AdminAccount, target: BenchTarget): Promise<Measurement[]> {
  if (!target.databaseUrl) {
    return [skipped(SCENARIO, 'PostgreSQL only: run with DATABASE_URL (seeding a million rows into PGlite takes minutes)')];
  }
  const seedStarted = performance.now();
  await seedReservations(target.databaseUrl, ROWS);
  const measurements = [measure(SCENARIO, 'seed 1,000,000 rows + indexes + VACUUM ANALYZE', Math.round((performance.now() - seedStarted) / 1000), 's')];
  const guestsStarted = performance.now();
  await seedGuests(target.databaseUrl, GUESTS);
  measurements.push(measure(SCENARIO, 'seed 100,000 guests + their figures', Math.round((performance.now() - guestsStarted) / 1000), 's'));

  const cookie = await signIn(server.url, admin);
  for (const [label, query] of HISTORY_CASES) {
    const timings = await timeGet(`${server.url}/api/admin/reservations/history?${new URLSearchParams(query)}`, cookie);
    measurements.push(measure(SCENARIO, `history: ${label} p95`, round(percentile(timings, 95)), 'ms', below(50),
      `p50 ${round(percentile(timings, 50))} ms, ${SAMPLES} requests`));
  }
  // One page of 'Clientes' and every segment's count, in one request.
  for (const [label, query] of GUEST_CASES) {
    const timings = await timeGet(`${server.url}/api/admin/guests?${new URLSearchParams(query)}`, cookie);
    measurements.push(measure(SCENARIO, `guests: ${label} p95`, round(percentile(timings, 95)), 'ms', below(100),
      `p50 ${round(percentile(timings, 50))} ms, ${SAMPLES} requests`));
  }
  for (const [label, path] of [['today\'s list', 'today'], ['pending count', 'pending/count']] as const) {
    const timings = await timeGet(`${server.url}/api/admin/reservations/${path}`, cookie, QUICK_SAMPLES);
    measurements.push(measure(SCENARIO, `${label} p95`, round(percentile(timings, 95)), 'ms', below(5),
      `p50 ${round(percentile(timings, 50))} ms, ${QUICK_SAMPLES} requests`));
  }
  for (const [label, query] of EXPLAIN_CASES) measurements.push(...(await explainHistory(target.databaseUrl, label, query, true)));
  // The other cases' plans, for information: where the time above goes.
  for (const [label, query] of HISTORY_CASES) {
    if (!EXPLAIN_CASES.some(([, judged]) => JSON.stringify(judged) === JSON.stringify(query))) {
      measurements.push(...(await explainHistory(target.databaseUrl, `(info) ${label}`, query, false)));
    }
  }
  return measurements;
}
