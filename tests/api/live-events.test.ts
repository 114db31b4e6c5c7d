import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import type { ChangeEvent } from '@shared/schemas/api.ts';
import { recordChange } from '../../src/server/platform/events.ts';
import { EventStreamReader, type ServerSentEvent } from '../support/event-stream.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

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
  const { app, db, owner } = useApiSuite({ listen: true });

  it('listens on 127.0.0.1 only', () => {
    expect(new URL(app().instance.url).hostname).toBe('127.0.0.1');
  });

  it('answers an anonymous caller 401 and a signed-in non-admin 403, as JSON', async () => {
    const anonymous = await connect(app());
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await anonymous.json()).error).toMatchObject({ code: 'unauthenticated', message: messages.http.unauthorized });

    const staff = await connect(app(), await app().signIn({ roles: [] }));
    expect(staff.status).toBe(403);
    expect(staff.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await staff.json()).error).toMatchObject({ code: 'forbidden', message: messages.permissions.insufficient });
  });

  it('streams to an admin as unbuffered text/event-stream, opening with a ready event', async () => {
    const response = await connect(app(), owner());
    const stream = new EventStreamReader(response);
    openStreams.push(stream);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
  });

  it('delivers a change committed in a transaction, exactly as recorded', async () => {
    const stream = await subscribe(app(), owner());
    const committed = change();
    await db().transaction((tx) => recordChange(tx, committed));

    const event = await stream.next();
    expect(event.event).toBe('change');
    expect(JSON.parse(event.data)).toStrictEqual(committed);
  });

  it('never delivers a change whose transaction rolled back', async () => {
    const stream = await subscribe(app(), owner());
    const rolledBack = change();
    await expect(
      db().transaction(async (tx) => {
        await recordChange(tx, rolledBack);
        tx.rollback();
      }),
    ).rejects.toThrow();
    // Notifications arrive in commit order: once the later marker is here, the rolled-back one would have been too.
    const marker = change();
    await db().transaction((tx) => recordChange(tx, marker));

    const events = await stream.until(isChange(marker));
    expect(events.filter(isChange(rolledBack))).toEqual([]);
    expect(events.map((event) => JSON.parse(event.data))).toStrictEqual([marker]);
  });

  it('unsubscribes a client that disconnects', async () => {
    const { changes } = app().instance;
    // Earlier tests' streams were closed by afterEach; the server notices asynchronously.
    await waitFor(() => changes.subscriberCount === 0, { what: 'earlier streams to unsubscribe' });
    const stream = await subscribe(app(), owner());
    expect(changes.subscriberCount).toBe(1);
    await stream.close();
    await waitFor(() => changes.subscriberCount === 0, { what: 'the stream to unsubscribe' });
  });

  it('fans one change out to every connected admin', async () => {
    const streams = [await subscribe(app(), owner()), await subscribe(app(), owner())];
    const committed = change();
    await db().transaction((tx) => recordChange(tx, committed));
    for (const stream of streams) {
      const event = await stream.next();
      expect(JSON.parse(event.data)).toStrictEqual(committed);
    }
  });
});

// Two instances on one database: this part starts its own two apps.
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
