import { randomBytes } from 'node:crypto';
import { type BookingPlan, bookableDates, bookingRequest } from '../lib/booking-bodies.ts';
import { runLoad, type LoadResult } from '../lib/load.ts';
import { PACED_NOTE } from '../lib/paced-load.ts';
import { atLeast, below, exactly, measure, type Measurement } from '../lib/results.ts';
import { type BenchServer, sampleRss } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { RawInsertResult, RawWrites } from './raw-insert.ts';
import type { BenchTarget } from '../lib/target.ts';
import { RawWriter } from './raw-insert.ts';

let ipOffset = 1;

export interface BookingSettings {
  /**
   * The ratio is measured in `rounds` alternating runs of `roundSeconds` each (raw writes, then the full booking
   * path), so that a change in the machine's other load hits both sides about equally.
   */
  rounds: number;
  roundSeconds: number;
  /** Seconds of the fixed-rate run; 0 skips it. */
  fixedSeconds: number;
  offeredRate: number;
  /** The ratio the run is judged by (the goal in the full run, a measured floor in CI). */
  ratioFloor: number;
  /** Also measure the bare reservation INSERT, for information. */
  bareInsert: boolean;
  /** What the raw side commits (default: a booking's writes). */
  rawWrites?: RawWrites;
  /** The scenario's name in the results (default 'booking'). */
  scenario?: string;
  /** Runs before the warm-up and before each booking round, outside the measured time. */
  beforeRound?: () => Promise<void>;
}

/** Slots the public endpoint offers on `date` (the seed's opening hours), so every request is a valid one. */
export async function openSlots(baseUrl: string, date: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/public/availability?date=${date}`);
  const availability = (await response.json()) as { slots?: Array<{ time: string; reason?: string | null }> };
  const times = (availability.slots ?? []).filter((slot) => !slot.reason).map((slot) => slot.time);
  if (times.length === 0) throw new Error(`no open slot on ${date}: ${JSON.stringify(availability)}`);
  return times;
}

export function newPlan(dates: string[], times: string[]): BookingPlan {
  const plan = { dates, times, runId: randomBytes(4).toString('hex'), ipOffset };
  ipOffset += 1_000_000; // far more requests than any run sends
  return plan;
}

export interface BookingOutcome {
  measurements: Measurement[];
  peakRssMiB: number;
  ratio: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const mean = (values: number[]) => (values.length ? sum(values) / values.length : Number.NaN);

function mergeCodes(runs: LoadResult[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const run of runs) for (const [code, count] of Object.entries(run.statusCodes)) merged[code] = (merged[code] ?? 0) + count;
  return merged;
}

export async function benchBooking(server: BenchServer, target: BenchTarget, settings: BookingSettings): Promise<BookingOutcome> {
  const dates = bookableDates();
  const times = await openSlots(server.url, dates[0]!);

  // One request by hand first: a rejected body would otherwise show up only as a count of non-2xx.
  const probe = bookingRequest(newPlan(dates, times), 0);
  const probeResponse = await fetch(`${server.url}/api/public/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': probe.forwardedFor },
    body: JSON.stringify(probe.body),
  });
  if (probeResponse.status !== 201) throw new Error(`a valid booking was answered ${probeResponse.status}: ${await probeResponse.text()}`);

  const raw = await RawWriter.open(target, dates, settings.rawWrites ?? 'booking-writes');
  const bare = settings.bareInsert ? await RawWriter.open(target, dates, 'reservation') : null;
  const rss = sampleRss(server);
  // Warm-up (JIT, caches, connection pool), not counted.
  await settings.beforeRound?.();
  await runLoad({ url: server.url, path: '/api/public/reservations', connections: 10, durationSeconds: 2, booking: newPlan(dates, times) });
  const rawRounds: RawInsertResult[] = [];
  const bareRounds: RawInsertResult[] = [];
  const bookingRounds: LoadResult[] = [];
  try {
    for (let i = 0; i < settings.rounds; i += 1) {
      rawRounds.push(await raw.run(settings.roundSeconds));
      if (bare) bareRounds.push(await bare.run(settings.roundSeconds));
      await settings.beforeRound?.();
      bookingRounds.push(
        await runLoad({
          url: server.url,
          path: '/api/public/reservations',
          connections: 10,
          durationSeconds: settings.roundSeconds,
          booking: newPlan(dates, times),
        }),
      );
    }
  } finally {
    await raw.close();
    await bare?.close();
  }
  const fixed = settings.fixedSeconds
    ? await runLoad({
        url: server.url,
        path: '/api/public/reservations',
        connections: 50,
        durationSeconds: settings.fixedSeconds,
        overallRate: settings.offeredRate,
        booking: newPlan(dates, times),
      })
    : null;
  const peakRssMiB = rss.stop();

  const rawRate = mean(rawRounds.map((r) => r.insertsPerSecond));
  const bareRate = mean(bareRounds.map((r) => r.insertsPerSecond));
  const bookingRate = mean(bookingRounds.map((r) => r.okPerSecond));
  const roundRatios = bookingRounds.map((r, i) => round(r.okPerSecond / rawRounds[i]!.insertsPerSecond, 3));
  const saturated = {
    p50Ms: Math.max(...bookingRounds.map((r) => r.p50Ms)),
    p99Ms: Math.max(...bookingRounds.map((r) => r.p99Ms)),
    errors: sum(bookingRounds.map((r) => r.errors)),
    non2xx: sum(bookingRounds.map((r) => r.non2xx)),
    statusCodes: mergeCodes(bookingRounds),
  };
  const ratio = bookingRate / rawRate;
  const failures = (run: Pick<LoadResult, 'errors' | 'non2xx'>) => run.errors + run.non2xx;
  const codes = (run: Pick<LoadResult, 'statusCodes'>) => Object.entries(run.statusCodes).map(([code, count]) => `${code}×${count}`).join(' ');
  const rounds = `${settings.rounds} rounds of ${settings.roundSeconds} s`;
  const scenario = settings.scenario ?? 'booking';
  return {
    peakRssMiB,
    ratio,
    measurements: [
      measure(scenario, 'raw booking writes (same driver, no HTTP, no reads)', round(rawRate), 'tx/s', undefined,
        `${sum(rawRounds.map((r) => r.transactions))} transactions, concurrency ${raw.concurrency}, ${rounds}`),
      ...(bare
        ? [measure(scenario, 'raw reservation INSERT alone', round(bareRate), 'tx/s', undefined,
            `${sum(bareRounds.map((r) => r.transactions))} transactions, concurrency ${bare.concurrency}`)]
        : []),
      measure(scenario, 'full booking path, saturated (10 connections)', round(bookingRate), 'req/s', undefined,
        `worst round p50 ${saturated.p50Ms} ms, p99 ${saturated.p99Ms} ms; ${codes(saturated)}`),
      measure(scenario, 'ratio booking ÷ raw booking writes', round(ratio, 3), '', atLeast(settings.ratioFloor),
        `per round: ${roundRatios.join(', ')}`),
      ...(bare ? [measure(scenario, 'ratio booking ÷ raw reservation INSERT', round(bookingRate / bareRate, 3), '')] : []),
      measure(scenario, `errors + non-2xx (saturated)`, failures(saturated), '', exactly(0)),
      ...(fixed
        ? [
            measure(scenario, `served at ${settings.offeredRate} req/s offered`, round(fixed.okPerSecond), 'req/s', undefined, codes(fixed)),
            measure(scenario, `p50 at ${settings.offeredRate} req/s`, fixed.p50Ms, 'ms'),
            measure(scenario, `p99 at ${settings.offeredRate} req/s`, fixed.p99Ms, 'ms', below(50), PACED_NOTE),
            measure(scenario, `errors + non-2xx at ${settings.offeredRate} req/s`, failures(fixed), '', exactly(0)),
          ]
        : []),
    ],
  };
}
