/**
 * Polls `probe` until it returns something other than undefined/false, or fails after `timeoutMs`.
 * Tests wait for an outcome this way instead of sleeping for a guessed time.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 10, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<Exclude<T, undefined | false>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as Exclude<T, undefined | false>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A list a test peer fills as things arrive (emails, push requests), with a wait for the first `count` of them. */
export class Arrivals<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(private readonly what: string) {}

  push(item: T): void {
    this.items.push(item);
    for (const waiter of this.waiters) waiter();
  }

  clear(): void {
    this.items.length = 0;
  }

  waitFor(count: number, timeoutMs = 10_000): Promise<T[]> {
    if (this.items.length >= count) return Promise.resolve(this.items.slice());
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.items.length < count) return;
        cleanup();
        resolve(this.items.slice());
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${this.what}: ${this.items.length} of ${count} arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }
}
