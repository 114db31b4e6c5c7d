// The advisory locks of a date (decision 036). Every transaction that reads capacity to change it takes the ones it
// needs in this one order, so two of them never wait for each other in a circle, on one instance or several:
//   1. waitlist  the date's waitlist (matching, lapsing, leaving, staff's changes to the list)
//   2. guest     one guest's email on the date (a booking's per-email-per-day rule)
//   3. floor     the date's tables, in 'Por mesas' and whenever tables are assigned or re-checked
//   4. covers    the date's covers, while a pacing maximum is set
// Row locks (an offer, then its entry; a reservation; tables in id order) come after the locks a caller took before
// reading them, and a date's locks are only ever taken in this order, by these functions.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export const DATE_LOCK_ORDER = ['waitlist', 'guest', 'floor', 'covers'] as const;
export type DateLockName = (typeof DATE_LOCK_ORDER)[number];

/** The locks to take: each name once; `guest` names the guest's email. */
export interface DateLocks {
  waitlist?: boolean;
  guest?: string;
  floor?: boolean;
  covers?: boolean;
}

const KEY: Record<DateLockName, (date: string, email: string) => string> = {
  waitlist: (date) => `waitlist:${date}`,
  guest: (date, email) => `reservation:${email}:${date}`,
  floor: (date) => `floor:${date}`,
  covers: (date) => `covers-pacing:${date}`,
};

/** The names of `locks`, in the lock order. */
export const lockSequence = (locks: DateLocks): DateLockName[] =>
  DATE_LOCK_ORDER.filter((name) => (name === 'guest' ? locks.guest !== undefined : locks[name] === true));

const lockCall = (name: DateLockName, date: string, email: string) => sql`pg_advisory_xact_lock(hashtext(${KEY[name](date, email)}))`;

/** One statement that takes `locks` in the lock order (null when there are none); held until the transaction ends. */
export function dateLocksStatement(date: string, locks: DateLocks): SQL | null {
  const names = lockSequence(locks);
  if (names.length === 0) return null;
  return sql`select ${sql.join(names.map((name) => lockCall(name, date, locks.guest ?? '')), sql`, `)}`;
}

/**
 * The guest lock alone as an expression, for a caller that takes it as a column of the first statement it reads
 * with (a guest's request: its day context), one round trip less. Nothing comes before it in the lock order but the
 * waitlist, which a request never holds.
 */
export const guestLockExpression = (date: string, email: string): SQL => lockCall('guest', date, email);

/** Takes `locks` of `date` in the lock order, in one round trip. */
export async function lockDate(tx: Executor, date: string, locks: DateLocks): Promise<void> {
  const statement = dateLocksStatement(date, locks);
  if (statement) await tx.execute(statement);
}
