import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { connectionConfig, DeadlinePool } from './postgres-pool.ts';
import { schema } from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export type NotificationListener = (payload: string) => void;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Subscribes to a NOTIFY channel; `onReconnect` runs when a lost listener connection is back (events may have been missed). */
  listen(channel: string, onPayload: NotificationListener, onReconnect?: () => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; logger?: DbLogger }
  /** `dataDir` undefined means in memory; `loadDataDir` starts from a dump (tests use a migrated template). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; logger?: DbLogger };

export interface DbLogger {
  warn(obj: object, msg: string): void;
}

export const pgliteExtensions = { pg_trgm };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<DatabaseHandle> {
  const pool = new DeadlinePool({ ...connectionConfig(options.url), max: options.poolSize ?? 10 });
  // An idle client that loses its connection emits 'error' on the pool; without a handler it would crash the process.
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle PostgreSQL client failed'));
  // A checked-out client (in a transaction, between two queries: a backup waiting for the disk, say) emits it on
  // itself instead. Its next query fails with the error and the pool drops it on release; the process must not crash.
  pool.on('connect', (client) => client.on('error', (error) => options.logger?.warn({ err: error }, 'PostgreSQL client failed')));
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  const listeners: Array<() => Promise<void>> = [];
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload, onReconnect) {
      const listener = new ChannelListener(options.url, channel, onPayload, onReconnect, options.logger);
      await listener.start();
      const stop = () => listener.stop();
      listeners.push(stop);
      return stop;
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await pool.end();
    },
  };
}

/** One dedicated connection per channel, re-established with backoff when it drops. */
class ChannelListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: NotificationListener,
    private readonly onReconnect: (() => void) | undefined,
    private readonly logger: DbLogger | undefined,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(connectionConfig(this.url));
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.onPayload(message.payload);
    });
    client.on('error', (error) => {
      this.logger?.warn({ err: error, channel: this.channel }, 'LISTEN connection lost');
      this.scheduleReconnect(client, 1);
    });
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.client = client;
  }

  private scheduleReconnect(failed: pg.Client, attempt: number): void {
    if (this.stopped || this.client !== failed) return;
    this.client = null;
    failed.end().catch(() => undefined);
    const delay = Math.min(30_000, 250 * 2 ** attempt);
    this.retryTimer = setTimeout(() => {
      this.connect()
        .then(() => this.onReconnect?.())
        .catch(() => {
          this.client = failed;
          this.scheduleReconnect(failed, attempt + 1);
        });
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
