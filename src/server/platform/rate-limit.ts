import type { FastifyRequest } from 'fastify';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { guestText } from '@shared/i18n/text-keys.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import type { ScheduledJob } from './scheduler.ts';
import { rowsOf } from '../db/rows.ts';

/** A fixed window per key, starting at the key's first hit: at most `limit` hits per `windowMs`. */
export interface RateLimit {
  /** Counts a hit; false when the key has used up its window. */
  hit(key: string): Promise<boolean>;
  /** Counts a hit and answers how many the key's window now holds, this one included. */
  count(key: string): Promise<number>;
  readonly limit: number;
  /** Whether the key has used up its window, without counting a hit (sign-ins count only their failures). */
  isExhausted(key: string): Promise<boolean>;
}

export interface RateLimits {
  /** A limit of its own: `name` keeps its keys apart from every other limit's. */
  define(name: string, limit: number, windowMs: number): RateLimit;
}

/**
 * On PostgreSQL the counters live in the database, so instances sharing it share every limit; the embedded database
 * is one process, so its counters stay in memory and cost no query.
 */
export function createRateLimits(database: DatabaseHandle, clock: Clock): RateLimits {
  return database.kind === 'postgres'
    ? { define: (name, limit, windowMs) => new DatabaseRateLimit(database.db, clock, name, limit, windowMs) }
    : { define: (_name, limit, windowMs) => new MemoryRateLimit(clock, limit, windowMs) };
}

class MemoryRateLimit implements RateLimit {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly clock: Clock,
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string): Promise<boolean> {
    return (await this.count(key)) <= this.limit;
  }

  async count(key: string): Promise<number> {
    const now = this.clock.now().getTime();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return 1;
    }
    return ++current.count;
  }

  async isExhausted(key: string): Promise<boolean> {
    const current = this.windows.get(key);
    return current !== undefined && current.resetAt > this.clock.now().getTime() && current.count >= this.limit;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

class DatabaseRateLimit implements RateLimit {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly name: string,
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string): Promise<boolean> {
    return (await this.count(key)) <= this.limit;
  }

  /** One statement: a new window, or one more hit in the current one, answered with the window's count. */
  async count(key: string): Promise<number> {
    const now = this.clock.now();
    const resetsAt = new Date(now.getTime() + this.windowMs);
    const expired = sql`rate_limit_counters.resets_at <= ${now}`;
    const [row] = await rowsOf<{ count: number }>(this.db, sql`
      insert into rate_limit_counters (key, resets_at, count) values (${this.key(key)}, ${resetsAt}, 1)
      on conflict (key) do update set
        count = case when ${expired} then 1 else rate_limit_counters.count + 1 end,
        resets_at = case when ${expired} then excluded.resets_at else rate_limit_counters.resets_at end
      returning count`);
    return Number(row!.count);
  }

  async isExhausted(key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, this.key(key)), gt(rateLimitCounters.resetsAt, this.clock.now())));
    return row !== undefined && row.count >= this.limit;
  }

  private key(key: string): string {
    return `${this.name}:${key}`;
  }
}

/** Deletes the counters of windows that have ended; idempotent, so every instance may run it. */
export function expiredRateLimitsJob(db: Database): ScheduledJob {
  return {
    name: 'expired-rate-limits',
    async tick(now) {
      await db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetsAt, now));
    },
  };
}

/**
 * Counts a request against `limiter` by its address (or by `key`: an API key's id); a Spanish 429 once the window is
 * used up, else the window's hits so far (the booking forms ask for a proof of work past a few: modules/booking-defence).
 */
export async function hitOrRefuse(limiter: RateLimit, request: FastifyRequest, key: string = request.ip): Promise<number> {
  const hits = await limiter.count(key);
  if (hits > limiter.limit) throw new AppError(429, 'rate_limited', guestText('http.rateLimited'));
  return hits;
}
