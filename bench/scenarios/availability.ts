import { bookableDates } from '../lib/booking-bodies.ts';
import { runLoad } from '../lib/load.ts';
import { PACED_NOTE } from '../lib/paced-load.ts';
import { below, exactly, measure, type Measurement } from '../lib/results.ts';
import type { BenchServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';

/** A GET saturated (autocannon, 10 connections) then at a fixed offered rate, its p99 judged against `p99GoalMs`. */
async function benchRead(server: BenchServer, scenario: string, path: string, durationSeconds: number, offeredRate: number, p99GoalMs: number): Promise<Measurement[]> {
  const saturated = await runLoad({ url: server.url, path, connections: 10, durationSeconds });
  const fixed = await runLoad({ url: server.url, path, connections: 20, durationSeconds, overallRate: offeredRate });
  return [
    measure(scenario, 'saturated (10 connections)', round(saturated.okPerSecond), 'req/s', undefined,
      `p50 ${saturated.p50Ms} ms, p99 ${saturated.p99Ms} ms`),
    measure(scenario, `p50 at ${offeredRate} req/s`, fixed.p50Ms, 'ms'),
    measure(scenario, `p99 at ${offeredRate} req/s`, fixed.p99Ms, 'ms', below(p99GoalMs), PACED_NOTE),
    measure(scenario, 'errors + non-2xx', saturated.errors + saturated.non2xx + fixed.errors + fixed.non2xx, '', exactly(0)),
  ];
}

/** GET /api/public/availability?date=…: what the booking form asks on every date the guest picks. */
export function benchAvailability(server: BenchServer, durationSeconds: number, offeredRate: number): Promise<Measurement[]> {
  const date = bookableDates()[6]!;
  return benchRead(server, 'availability', `/api/public/availability?date=${date}`, durationSeconds, offeredRate, 10);
}

/**
 * GET /api/public/availability/month?month=…&people=2: what the booking calendar asks when it opens and on each month
 * turned (issue 25: p99 < 20 ms at 200 req/s). The month of the bookings' dates, which the booking scenario filled.
 */
export function benchMonthAvailability(server: BenchServer, durationSeconds: number, offeredRate: number): Promise<Measurement[]> {
  const month = bookableDates()[6]!.slice(0, 7);
  return benchRead(server, 'availability month', `/api/public/availability/month?month=${month}&people=2`, durationSeconds, offeredRate, 20);
}
