import type { Clock } from './clock.ts';

/**
 * Fixed-window counter per key, kept in this process. With several instances each counts its own share, so the
 * effective limit is at most instances × limit; account lockouts (in the database) still bound guessing per email.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit; false when the key has used up its window. */
  hit(key: string): boolean {
    const now = this.clock.now().getTime();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    current.count++;
    return current.count <= this.limit;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
