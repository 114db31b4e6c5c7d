import type { FastifyRequest } from 'fastify';
import { FAILED_ATTEMPT_WINDOW_HOURS } from '@shared/limits.ts';
import type { AccountLockout, LoginAttempt, SecuritySummary } from '@shared/schemas/auth.ts';
import type { SensitiveAction, SensitiveChange } from '@shared/schemas/sensitive-changes.ts';
import type { Database, Executor } from '../../db/client.ts';
import { sensitiveChanges } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { recordChange } from '../../platform/events.ts';
import { MESA_VERSION } from '../../version.ts';
import * as q from './queries.ts';

export async function securitySummary(db: Database, clock: Clock): Promise<SecuritySummary> {
  const now = clock.now();
  const since = new Date(now.getTime() - FAILED_ATTEMPT_WINDOW_HOURS * 60 * 60_000);
  const [lockedAccounts, failedLast24h, attemptsLast24h] = await Promise.all([
    q.countActiveLockouts(db, now),
    q.countAttemptsSince(db, since, true),
    q.countAttemptsSince(db, since, false),
  ]);
  return { lockedAccounts, failedLast24h, attemptsLast24h, version: MESA_VERSION };
}

export async function listActiveLockouts(db: Database, clock: Clock): Promise<AccountLockout[]> {
  const rows = await q.activeLockouts(db, clock.now());
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    failedAttempts: row.failedAttempts,
    lockedUntil: row.lockedUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listLoginAttempts(db: Database, limit: number): Promise<LoginAttempt[]> {
  const rows = await q.latestAttempts(db, limit);
  return rows.map((row) => ({ ...row, attemptTime: row.attemptTime.toISOString() }));
}

/** Unlocking deletes the lockout row; an email with none is already unlocked, which is not an error. */
export async function unlockAccount(db: Database, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const id = await q.deleteLockout(tx, email.trim().toLowerCase());
    if (id) await recordChange(tx, { table: 'account_lockouts', action: 'delete', id });
  });
}

/** Who made a sensitive change, and from where (issue 41); null for what the server did itself. */
export interface SensitiveActor {
  email: string | null;
  ipAddress: string | null;
}

export const sensitiveActor = (request: FastifyRequest): SensitiveActor => ({
  email: request.sessionUser?.email ?? null,
  ipAddress: request.ip ?? null,
});

/** A line of 'Cambios sensibles', written in the transaction of the change it records. */
export async function recordSensitiveChange(
  tx: Executor,
  entry: { at: Date; actor: SensitiveActor; action: SensitiveAction; fields?: readonly string[]; detail?: string | null },
): Promise<void> {
  const [row] = await tx
    .insert(sensitiveChanges)
    .values({
      at: entry.at,
      actorEmail: entry.actor.email,
      ipAddress: entry.actor.ipAddress,
      action: entry.action,
      fields: [...(entry.fields ?? [])],
      detail: entry.detail ?? null,
    })
    .returning({ id: sensitiveChanges.id });
  await recordChange(tx, { table: 'sensitive_changes', action: 'insert', id: String(row!.id) });
}

const SENSITIVE_CHANGES_SHOWN = 100;

export async function listSensitiveChanges(db: Executor): Promise<SensitiveChange[]> {
  const rows = await q.latestSensitiveChanges(db, SENSITIVE_CHANGES_SHOWN);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
