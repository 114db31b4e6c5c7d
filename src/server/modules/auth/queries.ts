import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@shared/rules/permissions.ts';
import type { Executor } from '../../db/client.ts';
import { accountLockouts, loginAttempts, passwordResetTokens, userRoles, users } from '../../db/schema.ts';

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

export async function rolesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

export async function findActiveLockout(db: Executor, email: string, now: Date) {
  const [lockout] = await db
    .select()
    .from(accountLockouts)
    .where(and(eq(accountLockouts.email, email), gt(accountLockouts.lockedUntil, now)))
    .limit(1);
  return lockout ?? null;
}

export interface AttemptRecord {
  email: string;
  success: boolean;
  at: Date;
  ipAddress: string | null;
  userAgent: string | null;
  reason: string | null;
}

export async function insertLoginAttempt(db: Executor, attempt: AttemptRecord): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({
      email: attempt.email,
      success: attempt.success,
      attemptTime: attempt.at,
      ipAddress: attempt.ipAddress,
      userAgent: attempt.userAgent,
      reason: attempt.reason,
    })
    .returning({ id: loginAttempts.id });
  return row!.id;
}

/**
 * Wrong passwords for the email since `since` that came after its last successful sign-in and after its last
 * refusal for being locked. Refusals while locked and refused /admin visits are not guesses, so they do not count;
 * each lockout starts the count afresh, so an account an administrator unlocks is not locked again by one typo.
 */
export async function countRecentFailures(db: Executor, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.success, false),
        eq(loginAttempts.reason, 'invalid_credentials'),
        gt(loginAttempts.attemptTime, since),
        sql`${loginAttempts.attemptTime} > coalesce((select max(attempt_time) from login_attempts s where s.email = ${email} and (s.success or s.reason = 'account_locked')), '-infinity'::timestamptz)`,
      ),
    );
  return row?.n ?? 0;
}

export async function upsertLockout(db: Executor, email: string, failedAttempts: number, now: Date, until: Date) {
  const [row] = await db
    .insert(accountLockouts)
    .values({ email, failedAttempts, lockedUntil: until, createdAt: now })
    .onConflictDoUpdate({ target: accountLockouts.email, set: { failedAttempts, lockedUntil: until, createdAt: now } })
    .returning({ id: accountLockouts.id });
  return row!.id;
}

/** Serialises the sign-in bookkeeping of one email between concurrent requests and instances. */
export async function lockEmail(db: Executor, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`);
}

export async function insertResetToken(db: Executor, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

export async function findUsableResetToken(db: Executor, tokenHash: string, now: Date) {
  const [token] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        gt(passwordResetTokens.expiresAt, now),
        sql`${passwordResetTokens.usedAt} is null`,
      ),
    )
    .limit(1);
  return token ?? null;
}

/**
 * Spends every unused reset token of the user (once the password is reset, older links must not reset it again)
 * and answers the hashes it spent. Of two concurrent resets of one user the second waits for the first's row locks,
 * then finds nothing left to spend.
 */
export async function spendResetTokensOf(db: Executor, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), sql`${passwordResetTokens.usedAt} is null`))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return rows.map((row) => row.tokenHash);
}

/** Every active owner's email: who is told when Correo saliente changes (issue 41). */
export const activeOwnerEmails = (db: Executor) => activeStaffEmails(db, ['admin']);

/** The emails of the active accounts holding any of `roles`, each once (a low rating reaches owners and encargados). */
export async function activeStaffEmails(db: Executor, roles: readonly StaffRole[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), inArray(userRoles.role, [...roles])))
    .where(isNull(users.deactivatedAt))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/** Why a sign-in's second step was recorded in login_attempts (issue 44). */
export const SECOND_STEP_REASONS = { wrongCode: 'wrong_code', codeLocked: 'code_locked', code: 'second_factor', recoveryCode: 'recovery_code' } as const;

/** Why a passkey sign-in was recorded in login_attempts (issue 44). */
export const PASSKEY_REASONS = { signedIn: 'passkey', refused: 'passkey_refused' } as const;

/**
 * The second step's own lockout (issue 44): wrong codes for the email since `since`, after its last second step
 * that succeeded or was refused as locked; and whether such a refusal (the lockout) is itself since `since`.
 */
export async function secondStepStanding(db: Executor, email: string, since: Date): Promise<{ wrongCodes: number; locked: boolean }> {
  const reasons = SECOND_STEP_REASONS;
  const [row] = await db
    .select({
      wrongCodes: sql<number>`count(*) filter (where ${loginAttempts.reason} = ${reasons.wrongCode} and ${loginAttempts.attemptTime} > coalesce((
        select max(attempt_time) from login_attempts s where s.email = ${email}
          and s.reason in (${reasons.codeLocked}, ${reasons.code}, ${reasons.recoveryCode})), '-infinity'::timestamptz))::int`,
      locked: sql<boolean>`coalesce(bool_or(${loginAttempts.reason} = ${reasons.codeLocked}
        and ${loginAttempts.attemptTime} >= coalesce((select max(attempt_time) from login_attempts s where s.email = ${email}
          and s.reason in (${reasons.code}, ${reasons.recoveryCode})), '-infinity'::timestamptz)), false)`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.attemptTime, since)));
  return { wrongCodes: row?.wrongCodes ?? 0, locked: row?.locked ?? false };
}

export async function findUserById(db: Executor, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}
