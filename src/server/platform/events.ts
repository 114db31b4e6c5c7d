import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changeEventSchema, type ChangeEvent } from '@shared/schemas/api.ts';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import { REQUEST_DATABASE_BUDGET_MS, withDatabaseDeadline } from '../db/deadline.ts';

export const CHANGES_CHANNEL = 'mesa_changes';
const HEARTBEAT_MS = 15_000;

/**
 * Records a change inside the writing transaction. NOTIFY is transactional: PostgreSQL (and PGlite) deliver it
 * only after COMMIT, to every listening instance, this one included, and never for a rolled-back write.
 */
export async function recordChange(tx: Executor, event: ChangeEvent): Promise<void> {
  await tx.execute(sql`select ${changeNotice(event)}`);
}

/** The same NOTIFY as an expression, for a hot path that sends it in the statement of its write. */
export const changeNotice = (event: ChangeEvent) => sql`pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(event)})`;

type ChangeListener = (event: ChangeEvent | 'resync') => void;

/** Fans committed changes out to this instance's subscribers (the SSE streams) and its watchers (server caches). */
export class ChangeBus {
  private readonly listeners = new Set<ChangeListener>();
  private readonly watchers = new Set<ChangeListener>();
  private stopListening: (() => Promise<void>) | null = null;

  async start(database: DatabaseHandle): Promise<void> {
    this.stopListening = await database.listen(
      CHANGES_CHANNEL,
      (payload) => {
        const parsed = changeEventSchema.safeParse(safeJson(payload));
        if (parsed.success) this.emit(parsed.data);
      },
      // Notifications sent while our LISTEN connection was down are gone: tell clients to refetch everything.
      () => this.emit('resync'),
    );
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** For the server's own caches: hears every change like a stream, for the instance's life, and is not a stream. */
  watch(watcher: ChangeListener): void {
    this.watchers.add(watcher);
  }

  /** The open live streams. */
  get subscriberCount(): number {
    return this.listeners.size;
  }

  private emit(event: ChangeEvent | 'resync'): void {
    for (const watcher of this.watchers) watcher(event);
    for (const listener of this.listeners) listener(event);
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    this.listeners.clear();
    this.watchers.clear();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The staff's live stream; registered under /api/admin, so the admin guard runs first. The guard ran once, at the
 * start: `stillAllowed` asks again at every heartbeat, so a session ended meanwhile (on any instance) ends the stream.
 */
export function registerChangeStream(
  app: FastifyInstance,
  bus: ChangeBus,
  path: string,
  securityHeaders: Record<string, string>,
  stillAllowed: (request: FastifyRequest) => Promise<boolean>,
): void {
  app.get(path, (request, reply) => {
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
      // A hijacked reply skips the onSend hooks, so the security headers are set here.
      ...securityHeaders,
    });
    // The client refetches on 'ready': whatever changed while it was away is picked up.
    stream.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    const unsubscribe = bus.subscribe((event) => {
      if (event === 'resync') stream.write('event: ready\ndata: {}\n\n');
      else stream.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => {
      // The interval runs in the request's async context, whose database deadline passed long ago: each check gets its own.
      withDatabaseDeadline(REQUEST_DATABASE_BUDGET_MS, () => stillAllowed(request)).then(
        (allowed) => (allowed ? stream.write(': heartbeat\n\n') : stream.end()),
        // A database that does not answer is no proof the session ended; the next heartbeat asks again.
        () => stream.write(': heartbeat\n\n'),
      );
    }, HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    request.raw.on('close', close);
    stream.on('error', close);
  });
}
