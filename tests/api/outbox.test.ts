import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/server/db/client.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { type Clock, ManualClock, systemClock } from '../../src/server/platform/clock.ts';
import { emlFileTransport, type MailTransport, smtpTransport } from '../../src/server/platform/mailer.ts';
import { outboxLinkMinter } from '../../src/server/modules/notifications/link-minter.ts';
import { enqueueEmail, type NewEmail, OutboxWorker, type OutboxWorkerOptions } from '../../src/server/platform/outbox.ts';
import { parseEmail, type SmtpPeer, startSmtpPeer } from '../support/smtp-peer.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { waitFor } from '../support/wait-for.ts';

// Off useApiSuite: one part drives the outbox worker alone on a bare database (no app), the other an app whose
// worker only a commit's NOTIFY can wake (a poll a minute away); both share one SMTP peer reset per test.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

function email(to: string, overrides: Partial<NewEmail> = {}): NewEmail {
  return {
    kind: 'test',
    to,
    subject: 'Reserva confirmada: sábado 14 de junio a las 20:30',
    text: 'Hola Ana,\n\nSu reserva para 4 personas está confirmada. ¡Le esperamos!',
    ...overrides,
  };
}

async function rowFor(db: Executor, to: string) {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

describe('outbox through a running instance', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The poll is a minute away: only the commit's NOTIFY can wake the worker in time.
    app = await createTestApp({ transport: smtpTransport(peer.url), outboxPollMs: 60_000 });
  });
  afterAll(() => app.close());

  it('delivers an email queued in a committed transaction over SMTP, with a stable Message-ID', async () => {
    const { db } = app.instance.database;
    const queued = email('ana@example.com');
    await db.transaction((tx) => enqueueEmail(tx, queued, new Date()));

    const [received] = await peer.waitForMessages(1);
    const row = await waitFor(async () => {
      const current = await rowFor(db, 'ana@example.com');
      return current?.sentAt ? current : undefined;
    }, { what: 'sent_at on the outbox row' });

    expect(received!.envelopeTo).toEqual(['ana@example.com']);
    expect(received!.envelopeFrom).toBe('reservas@localhost');
    const parsed = parseEmail(received!.raw);
    expect(parsed.header('to')).toBe('ana@example.com');
    // Issue 50, item 5: the restaurant's name is the sender's display name and follows the subject (decision 056).
    expect(parsed.header('from')).toBe('Mi Restaurante <reservas@localhost>');
    expect(parsed.header('subject')).toBe(`${queued.subject} · Mi Restaurante`);
    expect(parsed.text.trimEnd()).toBe(queued.text);
    expect(parsed.header('message-id')).toBe(`<outbox-${row.id}@localhost>`);
    expect(row).toMatchObject({ attempts: 1, lastError: null, failedAt: null, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('never sends an email whose transaction rolled back, and leaves no row', async () => {
    const { db } = app.instance.database;
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, email('rolled-back@example.com'), new Date());
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await rowFor(db, 'rolled-back@example.com')).toBeUndefined();

    // A later committed email proves the worker has run a pass since the rollback.
    await db.transaction((tx) => enqueueEmail(tx, email('marker@example.com'), new Date()));
    await peer.waitForMessages(1);
    await waitFor(async () => (await rowFor(db, 'marker@example.com'))?.sentAt, { what: 'the marker email sent' });
    expect(peer.messages.map((message) => message.envelopeTo)).toEqual([['marker@example.com']]);
  });
});

describe('outbox worker retries, gives up, and writes .eml files', () => {
  let database: TestDatabase;
  const workers: OutboxWorker[] = [];
  const transports: MailTransport[] = [];
  const warnings: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    warnings.length = 0;
    await database.handle.db.execute(sql`delete from email_outbox`);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    for (const transport of transports.splice(0)) transport.close();
  });

  function worker(options: Partial<OutboxWorkerOptions> & { clock?: Clock } = {}): OutboxWorker {
    const transport = options.transport ?? smtpTransport(peer.url);
    transports.push(transport);
    const created = new OutboxWorker({
      database: database.handle,
      transport,
      clock: systemClock,
      from: 'Mesa <reservas@mesa.test>',
      restaurantName: async () => 'Casa de Prueba',
      messageIdDomain: 'mesa.test',
      mintLink: outboxLinkMinter(database.handle.db, systemClock),
      logger: { info: () => undefined, warn: (obj) => warnings.push(obj as Record<string, unknown>) },
      ...options,
    });
    workers.push(created);
    return created;
  }

  const enqueue = (message: NewEmail) => database.handle.db.transaction((tx) => enqueueEmail(tx, message, new Date()));
  const row = async (to: string) => (await rowFor(database.handle.db, to))!;

  it('retries a refused delivery until the server takes it, and delivers it exactly once', async () => {
    peer.failNextConnections(2);
    const running = worker({ pollIntervalMs: 10, retryBaseMs: 5, retryMaxMs: 20, maxAttempts: 5 });
    await enqueue(email('retry@example.com'));
    await running.start();

    await peer.waitForMessages(1);
    const sent = await waitFor(async () => {
      const current = await row('retry@example.com');
      return current.sentAt ? current : undefined;
    }, { what: 'sent_at after the retries' });
    await running.stop();

    expect(peer.transactions).toBe(3);
    expect(peer.messages).toHaveLength(1);
    expect(peer.messages[0]!.envelopeTo).toEqual(['retry@example.com']);
    expect(parseEmail(peer.messages[0]!.raw).header('message-id')).toBe(`<outbox-${sent.id}@mesa.test>`);
    expect(sent).toMatchObject({ attempts: 3, lastError: null, failedAt: null, lockedUntil: null });
    expect(warnings.map((warning) => warning.attempts)).toEqual([1, 2]);
  });

  it('waits an exponentially growing delay between attempts', async () => {
    // A frozen clock makes the schedule exact; drain() runs one pass without timers.
    const clock = new ManualClock(new Date(Date.now() + 60_000));
    const base = 60_000;
    const stepping = worker({ clock, retryBaseMs: base, retryMaxMs: 60 * 60_000, maxAttempts: 5 });
    peer.failNextConnections(2);
    await enqueue(email('backoff@example.com'));

    expect(await stepping.drain()).toBe(0);
    let current = await row('backoff@example.com');
    expect(current).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(current.lastError).toMatch(/451|temporarily/i);
    let delay = current.nextAttemptAt.getTime() - clock.now().getTime();
    expect(delay).toBeGreaterThanOrEqual(0.75 * base);
    expect(delay).toBeLessThanOrEqual(1.25 * base);

    // Not due yet: a pass leaves it alone.
    clock.advance(0.5 * base);
    expect(await stepping.drain()).toBe(0);
    expect((await row('backoff@example.com')).attempts).toBe(1);
    expect(peer.transactions).toBe(1);

    clock.set(current.nextAttemptAt);
    expect(await stepping.drain()).toBe(0);
    current = await row('backoff@example.com');
    expect(current.attempts).toBe(2);
    delay = current.nextAttemptAt.getTime() - clock.now().getTime();
    expect(delay).toBeGreaterThanOrEqual(1.5 * base);
    expect(delay).toBeLessThanOrEqual(2.5 * base);

    clock.set(current.nextAttemptAt);
    expect(await stepping.drain()).toBe(1);
    current = await row('backoff@example.com');
    expect(current).toMatchObject({ attempts: 3, lastError: null, failedAt: null });
    expect(current.sentAt?.getTime()).toBe(clock.now().getTime());

    clock.advance(24 * 60 * 60_000);
    expect(await stepping.drain()).toBe(0);
    expect(peer.messages).toHaveLength(1);
    expect(peer.transactions).toBe(3);
  });

  it('survives an SMTP server that is down (connection refused) and delivers once it is back', async () => {
    const clock = new ManualClock(new Date(Date.now() + 60_000));
    const stepping = worker({ clock, retryBaseMs: 1_000, maxAttempts: 5 });
    await enqueue(email('down@example.com'));
    await peer.stop();
    try {
      expect(await stepping.drain()).toBe(0);
    } finally {
      await peer.start();
    }
    const refused = await row('down@example.com');
    expect(refused).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(refused.lastError).toMatch(/ECONNREFUSED/);
    expect(peer.transactions).toBe(0);

    clock.set(refused.nextAttemptAt);
    expect(await stepping.drain()).toBe(1);
    expect(await row('down@example.com')).toMatchObject({ attempts: 2, lastError: null });
    expect(peer.messages.map((message) => message.envelopeTo)).toEqual([['down@example.com']]);
  });

  it('marks the email failed after maxAttempts and never tries it again', async () => {
    peer.failNextConnections(1_000);
    const running = worker({ pollIntervalMs: 10, retryBaseMs: 5, retryMaxMs: 20, maxAttempts: 3 });
    await enqueue(email('doomed@example.com'));
    await running.start();

    const failed = await waitFor(async () => {
      const current = await row('doomed@example.com');
      return current.failedAt ? current : undefined;
    }, { what: 'failed_at after the last attempt' });
    await running.stop();

    expect(failed).toMatchObject({ attempts: 3, sentAt: null, lockedUntil: null });
    expect(failed.lastError).toMatch(/451|temporarily/i);
    expect(peer.transactions).toBe(3);
    expect(warnings.at(-1)).toMatchObject({ attempts: 3, giveUp: true });

    // Even a day later, with the server accepting mail again, no worker picks it up.
    peer.reset();
    const later = worker({ clock: new ManualClock(new Date(Date.now() + 24 * 60 * 60_000)), maxAttempts: 3 });
    expect(await later.drain()).toBe(0);
    expect(peer.transactions).toBe(0);
    expect(await row('doomed@example.com')).toMatchObject({ attempts: 3, sentAt: null });
  });

  it('writes each email as a parseable .eml file when no SMTP server is configured', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'mesa-eml-'));
    try {
      const lines: string[] = [];
      // A second ahead: a row queued in the same millisecond as the pass (the database's now() has microseconds, the
      // clock milliseconds) would not be due yet.
      const clock = new ManualClock(new Date(Date.now() + 1_000));
      const files = worker({ clock, transport: emlFileTransport(join(directory, 'outbox'), (line) => lines.push(line)) });
      const queued = email('eml@example.com', { subject: 'Recordatorio: tu reserva es mañana' });
      await enqueue(queued);

      expect(await files.drain()).toBe(1);
      const written = readdirSync(join(directory, 'outbox'));
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/\.eml$/);
      const parsed = parseEmail(readFileSync(join(directory, 'outbox', written[0]!), 'utf8'));
      const sent = await row('eml@example.com');
      expect(parsed.header('to')).toBe('eml@example.com');
      expect(parsed.header('from')).toBe('Casa de Prueba <reservas@mesa.test>');
      expect(parsed.header('subject')).toBe(`${queued.subject} · Casa de Prueba`);
      expect(parsed.header('message-id')).toBe(`<outbox-${sent.id}@mesa.test>`);
      expect(parsed.text.trimEnd()).toBe(queued.text);
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('eml@example.com');
      expect(lines[0]).toContain(written[0]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it.skipIf(!onPostgres)('two workers on separate connections deliver 40 queued emails exactly once', async () => {
    const secondHandle = await database.open();
    const counts = [0, 0];
    const counting = (index: number): MailTransport => {
      const inner = smtpTransport(peer.url);
      return {
        description: inner.description,
        async send(message) {
          await inner.send(message);
          counts[index]!++;
        },
        close: () => inner.close(),
      };
    };
    const options = { pollIntervalMs: 50, batchSize: 5 };
    const first = worker({ ...options, transport: counting(0) });
    const second = worker({ ...options, transport: counting(1), database: secondHandle });

    await database.handle.db.transaction(async (tx) => {
      for (let i = 0; i < 40; i++) await enqueueEmail(tx, email(`guest-${i}@example.com`, { kind: 'concurrency' }), new Date());
    });
    await Promise.all([first.start(), second.start()]);

    await peer.waitForMessages(40, 20_000);
    await waitFor(
      async () => {
        const [pending] = await database.handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(sql`${emailOutbox.sentAt} is null`);
        return pending!.n === 0;
      },
      { what: 'every row marked sent' },
    );
    // stop() waits for a pass in flight, so a duplicate would have reached the peer by now.
    await Promise.all([first.stop(), second.stop()]);

    const rows = await database.handle.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(rows).toHaveLength(40);
    expect(rows.every((current) => current.attempts === 1)).toBe(true);
    const messageIds = peer.messages.map((message) => parseEmail(message.raw).header('message-id'));
    expect(peer.messages).toHaveLength(40);
    expect(new Set(messageIds).size).toBe(40);
    expect(new Set(messageIds)).toEqual(new Set(rows.map((current) => `<outbox-${current.id}@mesa.test>`)));
    expect(counts[0]! + counts[1]!).toBe(40);
    // Both really took part: SKIP LOCKED split the work rather than one worker doing all of it.
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(0);
  });
});
