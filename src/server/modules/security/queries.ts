import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountLockouts, loginAttempts, sensitiveChanges } from '../../db/schema.ts';

export async function countActiveLockouts(db: Executor, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accountLockouts).where(gt(accountLockouts.lockedUntil, now));
  return row?.n ?? 0;
}

export async function countAttemptsSince(db: Executor, since: Date, onlyFailures: boolean): Promise<number> {
  const window = gt(loginAttempts.attemptTime, since);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(onlyFailures ? and(window, eq(loginAttempts.success, false)) : window);
  return row?.n ?? 0;
}

export function activeLockouts(db: Executor, now: Date) {
  return db
    .select()
    .from(accountLockouts)
    .where(gt(accountLockouts.lockedUntil, now))
    .orderBy(desc(accountLockouts.createdAt));
}

export function latestAttempts(db: Executor, limit: number) {
  return db.select().from(loginAttempts).orderBy(desc(loginAttempts.attemptTime), desc(loginAttempts.id)).limit(limit);
}

export async function deleteLockout(db: Executor, email: string): Promise<string | null> {
  const [row] = await db.delete(accountLockouts).where(eq(accountLockouts.email, email)).returning({ id: accountLockouts.id });
  return row?.id ?? null;
}

export function latestSensitiveChanges(db: Executor, limit: number) {
  return db.select().from(sensitiveChanges).orderBy(desc(sensitiveChanges.at), desc(sensitiveChanges.id)).limit(limit);
}
