import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import type { ChangeEvent } from '@shared/schemas/api.ts';
import { recordChange } from '../../src/server/platform/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface ServerSentEvent {
  event: string;
  data: string;
}

/** Reads a text/event-stream response event by event, as EventSource would dispatch them. */
class EventStreamReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private readonly queue: ServerSentEvent[] = [];

  constructor(readonly response: Response) {
    this.reader = response.body!.getReader();
  }

  /** The next dispatched event; rejects if none arrives within `timeoutMs`. */
  async next(timeoutMs = 5_000): Promise<ServerSentEvent> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no server-sent event within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no server-sent event within ${timeoutMs} ms`)), remaining);
      });
      try {
        const { value, done } = await Promise.race([this.reader.read(), timeout]);
        if (done) throw new Error('the event stream ended');
        this.buffer += this.decoder.decode(value, { stream: true });
        this.parse();
      } finally {
        clearTimeout(timer);
      }
    }
    return this.queue.shift()!;
  }

  /** Events up to and including the first one `isLast` accepts. */
  async until(isLast: (event: ServerSentEvent) => boolean, timeoutMs = 5_000): Promise<ServerSentEvent[]> {
    const seen: ServerSentEvent[] = [];
    for (;;) {
      const event = await this.next(timeoutMs);
      seen.push(event);
      if (isLast(event)) return seen;
    }
  }

  private parse(): void {
    const blocks = this.buffer.replace(/\r\n?/g, '\n').split('\n\n');
    this.buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      // Per the EventSource rules, a block without data (e.g. only `retry:`) dispatches nothing.
      if (data.length > 0) this.queue.push({ event, data: data.join('\n') });
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

const openStreams: EventStreamReader[] = [];
afterEach(async () => {
  await Promise.all(openStreams.splice(0).map((stream) => stream.close()));
});

async function connect(app: TestApp, cookie?: string): Promise<Response> {
  return fetch(`${app.instance.url}/api/admin/events`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
  });
}

/** Opens the stream as a signed-in admin and waits for the opening `ready`, after which changes are subscribed. */
async function subscribe(app: TestApp, cookie: string): Promise<EventStreamReader> {
  const response = await connect(app, cookie);
  expect(response.status).toBe(200);
  const stream = new EventStreamReader(response);
  openStreams.push(stream);
  expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
  return stream;
}

function change(): ChangeEvent {
  return { table: 'reservations', action: 'insert', id: randomUUID() };
}

const isChange = (expected: ChangeEvent) => (event: ServerSentEvent) =>
  event.event === 'change' && (JSON.parse(event.data) as ChangeEvent).id === expected.id;

describe('live change stream', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ listen: true });
  });
  afterAll(() => app.close());

  it('listens on 127.0.0.1 only', () => {
    expect(new URL(app.instance.url).hostname).toBe('127.0.0.1');
  });

  it('answers an anonymous caller 401 and a signed-in non-admin 403, as JSON', async () => {
    const anonymous = await connect(app);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await anonymous.json()).error).toMatchObject({ code: 'unauthenticated', message: messages.http.unauthorized });

    const staff = await connect(app, await app.signIn({ roles: [] }));
    expect(staff.status).toBe(403);
    expect(staff.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await staff.json()).error).toMatchObject({ code: 'forbidden', message: messages.permissions.insufficient });
  });

  it('streams to an admin as unbuffered text/event-stream, opening with a ready event', async () => {
    const response = await connect(app, await app.signIn());
    const stream = new EventStreamReader(response);
    openStreams.push(stream);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
  });

  it('delivers a change committed in a transaction, exactly as recorded', async () => {
    const stream = await subscribe(app, await app.signIn());
    const committed = change();
    await app.instance.database.db.transaction((tx) => recordChange(tx, committed));

    const event = await stream.next();
    expect(event.event).toBe('change');
    expect(JSON.parse(event.data)).toStrictEqual(committed);
  });

  it('never delivers a change whose transaction rolled back', async () => {
    const stream = await subscribe(app, await app.signIn());
    const { db } = app.instance.database;
    const rolledBack = change();
    await expect(
      db.transaction(async (tx) => {
        await recordChange(tx, rolledBack);
        tx.rollback();
      }),
    ).rejects.toThrow();
    // Notifications arrive in commit order: once the later marker is here, the rolled-back one would have been too.
    const marker = change();
    await db.transaction((tx) => recordChange(tx, marker));

    const events = await stream.until(isChange(marker));
    expect(events.filter(isChange(rolledBack))).toEqual([]);
    expect(events.map((event) => JSON.parse(event.data))).toStrictEqual([marker]);
  });

  it('unsubscribes a client that disconnects', async () => {
    const { changes } = app.instance;
    // Earlier tests' streams were closed by afterEach; the server notices asynchronously.
    await waitFor(() => changes.subscriberCount === 0, { what: 'earlier streams to unsubscribe' });
    const stream = await subscribe(app, await app.signIn());
    expect(changes.subscriberCount).toBe(1);
    await stream.close();
    await waitFor(() => changes.subscriberCount === 0, { what: 'the stream to unsubscribe' });
  });

  it('fans one change out to every connected admin', async () => {
    const cookie = await app.signIn();
    const streams = [await subscribe(app, cookie), await subscribe(app, cookie)];
    const committed = change();
    await app.instance.database.db.transaction((tx) => recordChange(tx, committed));
    for (const stream of streams) {
      const event = await stream.next();
      expect(JSON.parse(event.data)).toStrictEqual(committed);
    }
  });
});

describe.skipIf(!onPostgres)('live change stream across instances (PostgreSQL)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ listen: true });
    second = await createTestApp({ listen: true, database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a client of instance B receives a change committed through instance A', async () => {
    expect(second.instance.url).not.toBe(first.instance.url);
    expect(second.instance.database).not.toBe(first.instance.database);
    const stream = await subscribe(second, await second.signIn());
    const committed = change();
    await first.instance.database.db.transaction((tx) => recordChange(tx, committed));

    const event = await stream.next();
    expect(event.event).toBe('change');
    expect(JSON.parse(event.data)).toStrictEqual(committed);
  });
});
