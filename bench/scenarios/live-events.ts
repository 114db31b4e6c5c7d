import { type AdminAccount, signIn } from '../lib/admin-session.ts';
import { bookableDates, bookingRequest } from '../lib/booking-bodies.ts';
import { below, exactly, measure, type Measurement } from '../lib/results.ts';
import { type BenchServer, startServer, stopServer } from '../lib/server.ts';
import { percentile, round, sleep } from '../lib/stats.ts';
import type { BenchTarget } from '../lib/target.ts';
import { newPlan, openSlots } from './booking.ts';

const SCENARIO = 'live events';
const CLIENTS = 100;
const WRITES = 20;

/** One signed-in EventSource-like client: records when each change event (by reservation id) arrives. */
class LiveClient {
  readonly arrivals = new Map<string, number>();
  private readonly abort = new AbortController();
  private buffer = '';
  ready!: Promise<void>;

  async connect(url: string, cookie: string): Promise<void> {
    const response = await fetch(`${url}/api/admin/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: this.abort.signal });
    if (response.status !== 200 || !response.body) throw new Error(`event stream answered ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let markReady!: () => void;
    this.ready = new Promise((resolve) => (markReady = resolve));
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) return;
        const now = performance.now();
        this.buffer += decoder.decode(value, { stream: true });
        const blocks = this.buffer.split('\n\n');
        this.buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (/^event: ready$/m.test(block)) markReady();
          const data = /^event: change\ndata: (.*)$/m.exec(block)?.[1];
          if (data) {
            const { id } = JSON.parse(data) as { id: string | null };
            if (id && !this.arrivals.has(id)) this.arrivals.set(id, now);
          }
        }
      }
    })();
  }

  close(): void {
    this.abort.abort();
  }
}

/**
 * 100 signed-in staff screens on /api/admin/events, then bookings one at a time on `writer`: the delay from each
 * booking's response to its change event at every client. Events that beat the response count as 0 ms.
 */
async function fanOut(writer: BenchServer, reader: BenchServer, admin: AdminAccount, label: string): Promise<Measurement[]> {
  const cookie = await signIn(reader.url, admin);
  const clients = Array.from({ length: CLIENTS }, () => new LiveClient());
  await Promise.all(clients.map((client) => client.connect(reader.url, cookie)));
  await Promise.all(clients.map((client) => client.ready));
  const dates = bookableDates();
  const plan = newPlan(dates, await openSlots(writer.url, dates[0]!));
  const delays: number[] = [];
  let missed = 0;
  try {
    for (let n = 0; n < WRITES; n += 1) {
      const { body, forwardedFor } = bookingRequest(plan, n);
      const response = await fetch(`${writer.url}/api/public/reservations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: writer.url, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify(body),
      });
      const answeredAt = performance.now();
      if (response.status !== 201) throw new Error(`booking answered ${response.status}: ${await response.text()}`);
      const deadline = Date.now() + 5_000;
      while (clients.some((client) => !client.arrivals.has(body.id)) && Date.now() < deadline) await sleep(2);
      for (const client of clients) {
        const arrived = client.arrivals.get(body.id);
        if (arrived === undefined) missed += 1;
        else delays.push(Math.max(0, arrived - answeredAt));
      }
      await sleep(50);
    }
  } finally {
    clients.forEach((client) => client.close());
  }
  const note = `${CLIENTS} clients × ${WRITES} bookings`;
  return [
    measure(SCENARIO, `${label}: p50 response → event`, round(percentile(delays, 50)), 'ms', undefined, note),
    measure(SCENARIO, `${label}: p99 response → event`, round(percentile(delays, 99)), 'ms', below(100), note),
    measure(SCENARIO, `${label}: events missed (5 s)`, missed, '', exactly(0)),
  ];
}

export async function benchLiveEvents(server: BenchServer, admin: AdminAccount, target: BenchTarget): Promise<Measurement[]> {
  const measurements = await fanOut(server, server, admin, 'one instance');
  if (target.kind !== 'postgres') return measurements;
  // A second instance on the same database: the event crosses instances through LISTEN/NOTIFY.
  const second = await startServer({ dataDir: target.tempDir('data-b'), databaseUrl: target.databaseUrl });
  try {
    measurements.push(...(await fanOut(server, second, admin, 'two instances (write A, clients B)')));
  } finally {
    await stopServer(second);
  }
  return measurements;
}
