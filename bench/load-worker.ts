/**
 * The load generator, run as its own process (bench/lib/load.ts spawns it) so that it does not share a core's event
 * loop with the bench's own bookkeeping. Reads its options as JSON from argv[2], prints a LoadResult as JSON.
 * Saturation comes from autocannon; a fixed offered rate from the paced open-loop generator (bench/lib/paced-load.ts).
 */
import autocannon from 'autocannon';
import { type BookingPlan, bookingRequest } from './lib/booking-bodies.ts';
import type { LoadOptions, LoadResult } from './lib/load.ts';
import { pacedLoad, type PacedRequest } from './lib/paced-load.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;

/** The n-th booking as the HTTP request body and headers both generators send. */
function bookingHttp(plan: BookingPlan, n: number) {
  const { body, forwardedFor } = bookingRequest(plan, n);
  return {
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: options.url, 'x-forwarded-for': forwardedFor },
  };
}

if (options.overallRate) {
  const plan = options.booking;
  const paced = (index: number): PacedRequest =>
    plan === undefined ? { method: 'GET', path: options.path } : { method: 'POST', path: options.path, ...bookingHttp(plan, index) };
  const result = await pacedLoad(options.url, options.overallRate, options.durationSeconds, options.connections, paced);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

let n = 0;
const request: autocannon.Request =
  options.booking === undefined
    ? { method: 'GET', path: options.path }
    : {
        method: 'POST',
        path: options.path,
        setupRequest: (req) => ({ ...req, ...bookingHttp(options.booking!, n++) }),
      };

const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSeconds,
  requests: [request],
});

const ok = result['2xx'];
const output: LoadResult = {
  durationSeconds: result.duration,
  requests: result.requests.total,
  okPerSecond: ok / result.duration,
  p50Ms: result.latency.p50,
  p90Ms: result.latency.p90,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0])),
};
process.stdout.write(`${JSON.stringify(output)}\n`);
