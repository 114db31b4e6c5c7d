import { Agent, request as httpRequest } from 'node:http';
import { percentile, round } from './stats.ts';
import type { LoadResult } from './load.ts';

/** How a paced figure was measured, for the table's note. */
export const PACED_NOTE = 'paced open loop: one request every 1/rate s, latency from when it was due';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * An open-loop load at a fixed rate: request i is due at start + i / rate, whether or not earlier ones have been
 * answered, over at most `connections` keep-alive sockets. Each latency runs from the moment the request was due,
 * so time spent waiting for a free socket counts (no coordinated omission).
 *
 * autocannon's `overallRate` is not this: each connection sends its whole per-second quota back to back when the
 * second starts and then waits, so "200 req/s over 50 connections" is a burst of 50 at once every second, and its
 * latency correction then adds a synthetic sample for every millisecond of each response (PERFORMANCE.md, point 2).
 */
export async function pacedLoad(
  url: string,
  rate: number,
  durationSeconds: number,
  connections: number,
  next: (index: number) => PacedRequest,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * durationSeconds);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];

  for (let index = 0; index < total; index++) {
    const due = start + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const spec = next(index);
    inFlight.push(
      send(url, agent, spec).then(
        (status) => {
          latencies.push(performance.now() - due);
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        },
        () => void errors++,
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();

  const ok = Object.entries(statusCodes).reduce((sum, [code, count]) => (code.startsWith('2') ? sum + count : sum), 0);
  return {
    durationSeconds: elapsedSeconds,
    requests: total,
    okPerSecond: ok / elapsedSeconds,
    p50Ms: round(percentile(latencies, 50)),
    p90Ms: round(percentile(latencies, 90)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(Math.max(...latencies)),
    errors,
    non2xx: total - ok - errors,
    statusCodes,
  };
}

const REQUEST_TIMEOUT_MS = 10_000;

function send(base: string, agent: Agent, spec: PacedRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(spec.path, base), { method: spec.method, agent, headers: spec.headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.once('error', reject);
    req.end(spec.body);
  });
}
