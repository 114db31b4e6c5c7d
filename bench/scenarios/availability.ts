import { bookableDates } from '../lib/booking-bodies.ts';
import { runLoad } from '../lib/load.ts';
import { PACED_NOTE } from '../lib/paced-load.ts';
import { below, exactly, measure, type Measurement } from '../lib/results.ts';
import type { BenchServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';

const SCENARIO = 'availability';

/** GET /api/public/availability?date=…: what the booking form asks on every date the guest picks. */
export async function benchAvailability(server: BenchServer, durationSeconds: number, offeredRate: number): Promise<Measurement[]> {
  const date = bookableDates()[6]!;
  const path = `/api/public/availability?date=${date}`;
  const saturated = await runLoad({ url: server.url, path, connections: 10, durationSeconds });
  const fixed = await runLoad({ url: server.url, path, connections: 20, durationSeconds, overallRate: offeredRate });
  return [
    measure(SCENARIO, 'saturated (10 connections)', round(saturated.okPerSecond), 'req/s', undefined,
      `p50 ${saturated.p50Ms} ms, p99 ${saturated.p99Ms} ms`),
    measure(SCENARIO, `p50 at ${offeredRate} req/s`, fixed.p50Ms, 'ms'),
    measure(SCENARIO, `p99 at ${offeredRate} req/s`, fixed.p99Ms, 'ms', below(10), PACED_NOTE),
    measure(SCENARIO, 'errors + non-2xx', saturated.errors + saturated.non2xx + fixed.errors + fixed.non2xx, '', exactly(0)),
  ];
}
