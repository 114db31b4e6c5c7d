import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { rowsOf } from '../db/rows.ts';

export interface DeliveryTiming {
  pollIntervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed row stays reserved for this worker; a crashed worker's rows return after it. */
  leaseMs?: number;
}

export interface DeliveryWorkerOptions extends DeliveryTiming {
  database: DatabaseHandle;
  /**
   * Stable across restarts of the same instance (see workerIdentity): leases this identity held when its process
   * died are released at start instead of waiting for them to expire.
   */
  workerId?: string;
  clock: Clock;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * What a delivery attempt concluded: 'sent'; 'abandon' when retrying can never succeed; 'discard' when there is
 * nothing to send and nothing worth keeping (a password reset asked for an email no account has).
 */
export type DeliveryOutcome = 'sent' | 'abandon' | 'discard';

export interface QueueDefinition<Row> {
  /** An outbox table with the bookkeeping columns attempts, next_attempt_at, locked_until, sent_at, failed_at, last_error. */
  table: 'email_outbox' | 'push_outbox' | 'guest_messages' | 'webhook_deliveries';
  /** NOTIFY channel that wakes the workers after a commit that queued something. */
  channel: string;
  /** Columns to return for a claimed row (besides id and attempts). */
  columns: string;
  deliver(row: Row & ClaimedRow): Promise<DeliveryOutcome>;
  /** False while this instance cannot deliver at all: it then claims nothing, and another instance may. */
  ready?(): Promise<boolean>;
  /** Called once a row is given up for good (abandoned, or its last try failed): what goes instead. */
  gaveUp?(row: Row & ClaimedRow): Promise<void>;
}

export interface ClaimedRow {
  id: number;
  attempts: number;
}

/**
 * Delivers the rows of an outbox table: claims due rows with FOR UPDATE SKIP LOCKED (so instances never take the
 * same row), delivers each, and records sent_at, or the error and the next attempt (exponential backoff with jitter,
 * capped), or failed_at after maxAttempts.
 */
export class DeliveryWorker<Row> {
  private readonly timing: Required<DeliveryTiming>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun = false;
  private stopped = true;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    protected readonly options: DeliveryWorkerOptions,
    private readonly queue: QueueDefinition<Row>,
  ) {
    this.timing = {
      pollIntervalMs: options.pollIntervalMs ?? 5_000,
      batchSize: options.batchSize ?? 10,
      maxAttempts: options.maxAttempts ?? 10,
      retryBaseMs: options.retryBaseMs ?? 30_000,
      retryMaxMs: options.retryMaxMs ?? 60 * 60_000,
      leaseMs: options.leaseMs ?? 5 * 60_000,
    };
  }

  private get db(): Database {
    return this.options.database.db;
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.options.workerId) {
      const table = sql.identifier(this.queue.table);
      await this.db.execute(sql`
        update ${table} set locked_until = null, locked_by = null
        where locked_by = ${this.options.workerId} and sent_at is null and failed_at is null`);
    }
    this.stopListening = await this.options.database.listen(this.queue.channel, () => this.wake());
    this.schedule();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.stopListening?.();
    await this.running?.catch(() => undefined);
  }

  /** Runs a delivery pass now (or right after the current one). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.drain()
      .catch((error) => {
        this.options.logger.warn({ err: error, queue: this.queue.table }, 'delivery pass failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.rerun) {
          this.rerun = false;
          this.wake();
        }
      });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.wake();
      this.schedule();
    }, this.timing.pollIntervalMs);
    this.timer.unref();
  }

  /** Delivers every due row; returns how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    if (this.queue.ready && !(await this.queue.ready())) return sent;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      for (const row of batch) if (await this.attempt(row)) sent++;
    }
  }

  private async claim(): Promise<Array<Row & ClaimedRow>> {
    const now = this.options.clock.now();
    const leaseUntil = new Date(now.getTime() + this.timing.leaseMs);
    const table = sql.identifier(this.queue.table);
    const rows = await rowsOf<Row & ClaimedRow>(this.db, sql`
      update ${table} set locked_until = ${leaseUntil}, locked_by = ${this.options.workerId ?? null}, attempts = attempts + 1
      where id in (
        select id from ${table}
        where sent_at is null and failed_at is null and next_attempt_at <= ${now}
          and (locked_until is null or locked_until <= ${now})
        order by next_attempt_at, id
        limit ${this.timing.batchSize}
        for update skip locked
      )
      returning id, attempts, ${sql.raw(this.queue.columns)}`);
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  private async attempt(row: Row & ClaimedRow): Promise<boolean> {
    const { clock, logger } = this.options;
    const table = sql.identifier(this.queue.table);
    try {
      const outcome = await this.queue.deliver(row);
      if (outcome === 'discard') {
        await this.db.execute(sql`delete from ${table} where id = ${row.id}`);
        return false;
      }
      if (outcome === 'abandon') {
        await this.db.execute(sql`update ${table} set locked_until = null, locked_by = null, failed_at = ${clock.now()} where id = ${row.id}`);
        await this.queue.gaveUp?.(row);
        return false;
      }
      await this.db.execute(
        sql`update ${table} set sent_at = ${clock.now()}, locked_until = null, locked_by = null, last_error = null where id = ${row.id}`,
      );
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= this.timing.maxAttempts;
      const retryAt = new Date(clock.now().getTime() + this.backoff(row.attempts));
      await this.db.execute(sql`
        update ${table} set locked_until = null, locked_by = null, last_error = ${message.slice(0, 1000)},
          next_attempt_at = ${retryAt}, failed_at = ${giveUp ? clock.now() : null}
        where id = ${row.id}`);
      logger.warn({ queue: this.queue.table, id: row.id, attempts: row.attempts, giveUp }, `delivery failed: ${message}`);
      if (giveUp) await this.queue.gaveUp?.(row);
      return false;
    }
  }

  /** Exponential backoff with jitter, capped. */
  private backoff(attempts: number): number {
    const exponential = Math.min(this.timing.retryMaxMs, this.timing.retryBaseMs * 2 ** (attempts - 1));
    return Math.round(exponential * (0.75 + Math.random() * 0.5));
  }
}
