import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long one HTTP request may wait for the database, all its statements together, counted from its arrival, while
 * the database says nothing: /healthz and every request answer 503 within 5 s of it going silent (decision 014).
 */
export const REQUEST_DATABASE_BUDGET_MS = 3_500;
/** Past its budget, a request keeps waiting only while the database is visibly answering (a queue, not silence)… */
export const DATABASE_QUIET_MS = 1_500;
/** … and never beyond this. */
export const DATABASE_HARD_LIMIT_MS = 15_000;

/** Times on the monotonic clock (performance.now()). */
export interface Deadline {
  /** Until then, wait whatever the database does. */
  budgetEnd: number;
  /** Give up then in any case. */
  hardEnd: number;
}

const deadlines = new AsyncLocalStorage<Deadline>();

export function deadlineFrom(start: number, budgetMs: number, hardLimitMs = DATABASE_HARD_LIMIT_MS): Deadline {
  return { budgetEnd: start + budgetMs, hardEnd: start + Math.max(budgetMs, hardLimitMs) };
}

/**
 * Runs `work` with every database call it makes (in its async context) bound by one deadline. A long read that keeps
 * the database answering (a backup download) raises `hardLimitMs`; silence still ends it after the budget.
 */
export function withDatabaseDeadline<T>(budgetMs: number, work: () => T, hardLimitMs?: number): T {
  return deadlines.run(deadlineFrom(performance.now(), budgetMs, hardLimitMs), work);
}

/** The current request's deadline; outside any (workers, scheduled jobs, scripts) undefined. */
export function currentDeadline(): Deadline | undefined {
  return deadlines.getStore();
}

/**
 * How many ms more to wait, or 0 to give up now, given when the database last answered anything: a request past its
 * budget waits on while answers keep coming (other statements finishing ahead of it), up to the hard limit.
 */
export function timeToWait(deadline: Deadline, lastAnswerAt: number, now = performance.now()): number {
  if (now >= deadline.hardEnd) return 0;
  if (now < deadline.budgetEnd) return deadline.budgetEnd - now;
  const quiet = now - lastAnswerAt;
  return quiet >= DATABASE_QUIET_MS ? 0 : Math.min(DATABASE_QUIET_MS - quiet, deadline.hardEnd - now);
}
