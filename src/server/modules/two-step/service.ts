// Staff's two-step codes and recovery codes (issue 44, decision 039): enrolment, the check at sign-in, turning off.
// The seed is sealed with SECRETS_KEY; a code's step is taken with one conditional update, so two instances given
// the same code at once accept it once; a recovery code is spent the same way.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { SIGN_IN_CHALLENGE_MINUTES } from '@shared/limits.ts';
import { twoStepMessages as text } from '@shared/staff-messages/two-step.ts';
import type { Database, Executor } from '../../db/client.ts';
import { signInChallenges, staffRecoveryCodes, staffTwoStep } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { endSecondFactorDue } from '../../platform/sessions.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { newRecoveryCodes, recoveryCodeHash, typedRecoveryCode } from './recovery-codes.ts';
import { acceptedStep, newTotpSeed, seedForTyping, totpUri } from './totp.ts';

export interface TwoStepDeps {
  db: Database;
  clock: Clock;
  box: SecretBox;
}

export const wrongCode = () => new AppError(400, 'wrong_code', text.wrongCode, { code: text.wrongCode });

/** Whether the account's two-step codes are on: one read, for every sign-in. */
export async function twoStepEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: staffTwoStep.userId })
    .from(staffTwoStep)
    .where(and(eq(staffTwoStep.userId, userId), isNotNull(staffTwoStep.confirmedAt)));
  return row !== undefined;
}

/** Whether the account's two-step codes are on, and how many recovery codes it has left ('Mi cuenta'). */
export async function twoStepStatus(db: Executor, userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  return { enabled: await twoStepEnabled(db, userId), recoveryCodesLeft: await recoveryCodesLeft(db, userId) };
}

async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/**
 * A new seed for the account, not in force until confirmed: what the QR code holds (`uri`) and the seed as typed.
 * Starting again replaces an unconfirmed seed; an account whose codes are on is refused (turn them off first).
 */
export async function startEnrolment(deps: TwoStepDeps, user: { id: string; email: string }, issuer: string) {
  const seed = newTotpSeed();
  const sealedSeed = deps.box.seal(seed);
  const [row] = await deps.db
    .insert(staffTwoStep)
    .values({ userId: user.id, sealedSeed, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: staffTwoStep.userId, set: { sealedSeed, createdAt: deps.clock.now() }, setWhere: isNull(staffTwoStep.confirmedAt) })
    .returning({ userId: staffTwoStep.userId });
  if (!row) throw new AppError(409, 'two_step_enabled', text.alreadyOn);
  return { uri: totpUri(seed, user.email, issuer), seed: seedForTyping(seed) };
}

/** The first right code turns the codes on and gives the ten recovery codes, shown once; a wrong one changes nothing. */
export async function confirmEnrolment(deps: TwoStepDeps, userId: string, code: string, actor: SensitiveActor): Promise<{ recoveryCodes: string[] }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staffTwoStep)
      .where(and(eq(staffTwoStep.userId, userId), isNull(staffTwoStep.confirmedAt)))
      .for('update');
    if (!row) throw new AppError(409, 'not_enrolling', text.notEnrolling);
    const step = acceptedStep(openSeed(deps.box, row.sealedSeed), code, deps.clock.now(), null);
    if (step === null) throw wrongCode();
    await tx.update(staffTwoStep).set({ confirmedAt: deps.clock.now(), lastStep: step }).where(eq(staffTwoStep.userId, userId));
    await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action: 'two_step_enabled' });
    await endSecondFactorDue(tx, userId);
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId, deps.clock.now()) };
  });
}

/** Ten new recovery codes for an account whose codes are on; the old ones stop working. */
export async function renewRecoveryCodes(deps: TwoStepDeps, userId: string, actor: SensitiveActor): Promise<{ recoveryCodes: string[] }> {
  return deps.db.transaction(async (tx) => {
    if (!(await twoStepEnabled(tx, userId))) throw new AppError(409, 'not_enrolling', text.notEnrolling);
    await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action: 'recovery_codes_renewed' });
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId, deps.clock.now()) };
  });
}

async function replaceRecoveryCodes(tx: Executor, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(typedRecoveryCode(code)!), createdAt: now })));
  return codes;
}

/**
 * Turns the account's codes off: the seed and the recovery codes go, and Seguridad records it when they were on
 * (naming the account when someone else did it: `npm run admin:create`). True when they were on.
 */
export async function turnOff(db: Executor, user: { id: string; email: string }, at: Date, actor: SensitiveActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(staffTwoStep).where(eq(staffTwoStep.userId, user.id)).returning({ confirmedAt: staffTwoStep.confirmedAt });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    if (!removed[0]?.confirmedAt) return false;
    await recordSensitiveChange(tx, { at, actor, action: 'two_step_disabled', detail: actor.email === user.email ? null : user.email });
    return true;
  });
}

export type SecondFactorUse = { method: 'code' } | { method: 'recovery'; recoveryCodesLeft: number };

/**
 * The sign-in's second step: a code of the account's app, once per step, or one of its recovery codes, once. Null
 * when neither (the caller counts the failure). Runs in the caller's transaction.
 */
export async function useSecondFactor(tx: Executor, deps: Pick<TwoStepDeps, 'box' | 'clock'>, userId: string, input: string): Promise<SecondFactorUse | null> {
  const [row] = await tx
    .select()
    .from(staffTwoStep)
    .where(and(eq(staffTwoStep.userId, userId), isNotNull(staffTwoStep.confirmedAt)));
  if (!row) return null;
  const now = deps.clock.now();
  // A seed sealed under another SECRETS_KEY opens no code, but the recovery codes (hashes) still work.
  const seed = deps.box.open(row.sealedSeed);
  const step = seed === null ? null : acceptedStep(seed, input, now, row.lastStep);
  if (step !== null) {
    // Another instance may have taken this step since the read: only one of us moves last_step to it.
    const taken = await tx
      .update(staffTwoStep)
      .set({ lastStep: step })
      .where(and(eq(staffTwoStep.userId, userId), or(isNull(staffTwoStep.lastStep), lt(staffTwoStep.lastStep, step))))
      .returning({ userId: staffTwoStep.userId });
    return taken.length > 0 ? { method: 'code' } : null;
  }
  const recovery = typedRecoveryCode(input);
  if (recovery === null) {
    if (seed === null) throw sealedElsewhere();
    return null;
  }
  const spent = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.codeHash, recoveryCodeHash(recovery)), eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)))
    .returning({ userId: staffRecoveryCodes.userId });
  if (spent.length > 0) return { method: 'recovery', recoveryCodesLeft: await recoveryCodesLeft(tx, userId) };
  if (seed === null) throw sealedElsewhere();
  return null;
}

const sealedElsewhere = () => new AppError(409, 'two_step_sealed_elsewhere', text.sealedElsewhere);

function openSeed(box: SecretBox, sealed: string): string {
  const seed = box.open(sealed);
  if (seed === null) throw sealedElsewhere();
  return seed;
}

const SIGN_IN_CHALLENGE_MS = SIGN_IN_CHALLENGE_MINUTES * 60_000;

const challengeHash = (id: string) => createHash('sha256').update(id).digest('base64url');

/** After a right password on an account with a second factor: the id of its half-signed-in state, for a cookie. */
export async function openSignInChallenge(tx: Executor, userId: string, now: Date): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  // Lapsed challenges of anyone go as a new one comes: the table stays as small as the sign-ins of five minutes.
  await tx.delete(signInChallenges).where(lte(signInChallenges.expiresAt, now));
  await tx.insert(signInChallenges).values({ idHash: challengeHash(id), userId, createdAt: now, expiresAt: new Date(now.getTime() + SIGN_IN_CHALLENGE_MS) });
  return id;
}

/**
 * The account a challenge is for while it is open; null otherwise. Not a row lock: the caller serialises on the
 * account's sign-in lock and asks again under it (a lapsed challenge is deleted by another sign-in holding only
 * that lock, so a row lock taken first could wait on it in a circle).
 */
export async function challengedUser(tx: Executor, id: string, now: Date): Promise<string | null> {
  const [row] = await tx
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.idHash, challengeHash(id)), gt(signInChallenges.expiresAt, now)));
  return row?.userId ?? null;
}

/** Ends a challenge: signed in, or too many wrong codes. Expired ones go too. */
export async function closeSignInChallenge(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.delete(signInChallenges).where(or(eq(signInChallenges.idHash, challengeHash(id)), lte(signInChallenges.expiresAt, now)));
}
