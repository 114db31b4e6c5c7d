import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { guestText } from '@shared/i18n/text-keys.ts';
import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@shared/limits.ts';
import { formatMessage, messages } from '@shared/messages.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { teamMessages } from '@shared/staff-messages/team.ts';
import { effectiveRole } from '@shared/rules/permissions.ts';
import type { SessionUserView } from '@shared/schemas/auth.ts';
import type { Executor } from '../../db/client.ts';
import { accountLockouts, sessions, users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmail, newLinkPlaceholder } from '../../platform/outbox.ts';
import { createSession, markFreshSignIn, type SessionContext, type SessionUser } from '../../platform/sessions.ts';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as q from './queries.ts';
import { hashToken } from './token-hash.ts';
import { openSignInChallenge, twoStepEnabled } from '../two-step/service.ts';
import { secondFactorDue } from './second-factor-policy.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

/** Failed sign-ins for one email within the lockout window that lock the account. */
export const LOCKOUT_MS = LOCKOUT_MINUTES * 60_000;
const RESET_TOKEN_TTL_MS = 60 * 60_000;
const RECOVERY_DELIVERY_DELAY_MS = 1_000;

const recovery = staffEmailMessages.passwordRecovery;

export interface AuthDeps {
  sessions: SessionContext;
  publicUrl: URL;
  /** Where the embedded database's set-up code file is (issue 20). */
  dataDir: string;
  restaurantName: () => Promise<string>;
  /** Opens the two-step seeds (SECRETS_KEY). */
  box: SecretBox;
}

export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string | null;
}

export const invalidCredentials = () => new AppError(401, 'invalid_credentials', loginMessages.invalidCredentials);
const accountLocked = () => new AppError(423, 'account_locked', loginMessages.locked);
export const accountDeactivated = () => new AppError(403, 'account_deactivated', teamMessages.errors.deactivated);
const resetLinkInvalid = () => new AppError(410, 'reset_link_invalid', loginMessages.resetLinkInvalid);

// Verifying against this when the email is unknown makes both failures take the same time.
let dummyHash: Promise<string> | null = null;
const timingDecoy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The owner is the spec's admin; `role` is the one the user acts with (issue 20). */
export function staffView(user: { id: string; email: string }, roles: readonly string[], secondFactorDue = false): SessionUserView {
  return { id: user.id, email: user.email, isAdmin: roles.includes('admin'), role: effectiveRole(roles), secondFactorDue };
}

export function sessionView(user: SessionUser | null): SessionUserView | null {
  return user ? staffView(user, user.roles, user.secondFactorDue) : null;
}

/** A session after the password alone: due to add a second factor first when the owner requires one it lacks. */
async function passwordSession(deps: Pick<AuthDeps, 'sessions'>, tx: Executor, user: { id: string; email: string }, client: ClientInfo) {
  const roles = await q.rolesOf(tx, user.id);
  const due = await secondFactorDue(tx, user.id, roles);
  const sessionId = await createSession({ ...deps.sessions, db: tx }, { userId: user.id, ...client, secondFactorDue: due });
  return { user: staffView(user, roles, due), sessionId };
}

export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<{ user: SessionUserView; sessionId: string } | { challengeId: string }> {
  const { db, clock } = deps.sessions;
  const email = normaliseEmail(input.email);
  const user = await q.findUserByEmail(db, email);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await timingDecoy()), input.password);

  // Refusals are returned, not thrown, from the transaction: throwing inside it would roll back the failed
  // attempt (and the lockout) it just recorded.
  const outcome = await db.transaction(async (tx) => {
    const refused = await judgeAttempt(tx, { email, user, passwordMatches, client, now: clock.now() });
    if (refused) return { refused } as const;
    // An account with two-step codes is not signed in yet: the code comes next (second-step.ts).
    if (await twoStepEnabled(tx, user!.id)) {
      return { refused: null, signedIn: { challengeId: await openSignInChallenge(tx, user!.id, clock.now()) } };
    }
    return { refused: null, signedIn: await passwordSession(deps, tx, user!, client) };
  });
  if (outcome.refused) throw outcome.refused();
  return outcome.signedIn;
}

/**
 * 'Confirma tu contraseña' (issue 41): the signed-in member types their password again before a sensitive change.
 * It counts as a sign-in attempt, so guessing from an open session locks the account like guessing at /auth.
 */
export async function confirmPassword(deps: Pick<AuthDeps, 'sessions'>, sessionUser: SessionUser, password: string, client: ClientInfo): Promise<void> {
  const { db, clock } = deps.sessions;
  const user = await q.findUserByEmail(db, sessionUser.email);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await timingDecoy()), password);
  const refused = await db.transaction((tx) =>
    judgeAttempt(tx, { email: sessionUser.email, user, passwordMatches, client, now: clock.now() }),
  );
  if (refused === invalidCredentials) throw new AppError(401, 'wrong_password', messages.permissions.wrongPassword);
  if (refused) throw refused();
  await markFreshSignIn(deps.sessions, sessionUser.sessionHash);
}

/**
 * Records one password attempt for `email` under its lock and decides it: locked, wrong, deactivated, or null when
 * it succeeded. The LOCKOUT_THRESHOLD-th failure within LOCKOUT_MINUTES locks the account.
 */
async function judgeAttempt(
  tx: Executor,
  input: { email: string; user: { deactivatedAt: Date | null } | null; passwordMatches: boolean; client: ClientInfo; now: Date },
): Promise<(() => AppError) | null> {
  const { email, user, passwordMatches, client, now } = input;
  await q.lockEmail(tx, email);
  const attempt = { email, at: now, ...client };
  const refuse = async (reason: 'account_locked' | 'invalid_credentials' | 'account_deactivated') => {
    await q.insertLoginAttempt(tx, { ...attempt, success: false, reason });
    await recordChange(tx, { table: 'login_attempts', action: 'insert', id: null });
  };
  if (await q.findActiveLockout(tx, email, now)) {
    await refuse('account_locked');
    return accountLocked;
  }
  if (!user || !passwordMatches) {
    // This failure counts too: the account locks when it is the LOCKOUT_THRESHOLD-th.
    const failures = 1 + (await q.countRecentFailures(tx, email, new Date(now.getTime() - LOCKOUT_MS)));
    const locks = failures >= LOCKOUT_THRESHOLD;
    // The attempt that locks the account is answered (and recorded) as a locked one; the count starts again after it.
    await refuse(locks ? 'account_locked' : 'invalid_credentials');
    if (!locks) return invalidCredentials;
    const lockoutId = await q.upsertLockout(tx, email, failures, now, new Date(now.getTime() + LOCKOUT_MS));
    await recordChange(tx, { table: 'account_lockouts', action: 'insert', id: lockoutId });
    return accountLocked;
  }
  if (user.deactivatedAt) {
    await refuse('account_deactivated');
    return accountDeactivated;
  }
  await q.insertLoginAttempt(tx, { ...attempt, success: true, reason: null });
  await recordChange(tx, { table: 'login_attempts', action: 'insert', id: null });
  return null;
}

/**
 * Queues "a reset was asked for this email", whatever the email: the answer, and the work done before it, are the
 * same whether or not an account has it. The delivery worker looks the account up (mintResetToken) and sends
 * nothing for an unknown email.
 */
export async function requestPasswordRecovery(deps: AuthDeps, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const placeholder = newLinkPlaceholder();
  const link = new URL('/auth/restablecer', deps.publicUrl);
  // In the fragment: never sent to a server, so never in an access log or a Referer.
  link.hash = `token=${placeholder}`;
  const restaurant = await deps.restaurantName();
  await deps.sessions.db.transaction((tx) =>
    enqueueEmail(tx, {
      kind: 'password_recovery',
      to: email,
      subject: `${loginMessages.recoveryEmailSubject} · ${restaurant}`,
      text: [
        recovery.greeting,
        '',
        formatMessage(recovery.intro, { restaurant }),
        recovery.linkIntro,
        '',
        link.toString(),
        '',
        recovery.ignore,
      ].join('\n'),
      link: { kind: 'password_reset', email, placeholder },
      // Delivered after the answer has left: the delivery's account look-up must not shape the answer's timing.
      deferMs: RECOVERY_DELIVERY_DELAY_MS,
    }, deps.sessions.clock.now()),
  );
}

/** At delivery: a reset token for the account with this email, valid for an hour from now, or null if none has it. */
export async function mintResetToken(db: Executor, email: string, now: Date): Promise<string | null> {
  const user = await q.findUserByEmail(db, email);
  if (!user || user.deactivatedAt) return null;
  const token = randomBytes(32).toString('base64url');
  await q.insertResetToken(db, user.id, hashToken(token), new Date(now.getTime() + RESET_TOKEN_TTL_MS));
  return token;
}

export async function isResetTokenUsable(deps: AuthDeps, token: string): Promise<boolean> {
  const { db, clock } = deps.sessions;
  return (await q.findUsableResetToken(db, hashToken(token), clock.now())) !== null;
}

export function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(400, 'validation_failed', loginMessages.passwordTooCommon, {
      password: loginMessages.passwordTooCommon,
    });
  }
}

/**
 * Spends the token, sets the password, ends every other session of the user and signs this browser in; an account
 * with two-step codes gets the second step instead (issue 44).
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
  client: ClientInfo,
): Promise<{ user: SessionUserView; sessionId: string } | { challengeId: string }> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const { db, clock } = deps.sessions;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const tokenHash = hashToken(input.token);
    const token = await q.findUsableResetToken(tx, tokenHash, now);
    if (!token) throw resetLinkInvalid();
    // Not among the spent ones: a concurrent reset of the same user won (see spendResetTokensOf).
    if (!(await q.spendResetTokensOf(tx, token.userId, now)).includes(tokenHash)) throw resetLinkInvalid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, token.userId))
      .returning({ id: users.id, email: users.email });
    await tx.delete(sessions).where(eq(sessions.userId, token.userId));
    // Proving control of the mailbox lifts a lockout: the owner is not kept out by an attacker's guesses.
    await tx.delete(accountLockouts).where(eq(accountLockouts.email, user!.email));
    // The mailbox replaces the password, not the second factor: an account with two-step codes is asked for one.
    if (await twoStepEnabled(tx, token.userId)) return { challengeId: await openSignInChallenge(tx, token.userId, now) };
    return passwordSession(deps, tx, user!, client);
  });
}

/** The /admin guard's check; a signed-in non-admin is recorded as an unauthorized admin access. */
export async function checkAdminAccess(deps: AuthDeps, user: SessionUser, client: ClientInfo): Promise<void> {
  if (effectiveRole(user.roles)) return;
  await deps.sessions.db.transaction(async (tx) => {
    await q.insertLoginAttempt(tx, {
      email: user.email,
      success: false,
      at: deps.sessions.clock.now(),
      reason: 'unauthorized_admin_access',
      ...client,
    });
    await recordChange(tx, { table: 'login_attempts', action: 'insert', id: null });
  });
  throw new AppError(403, 'forbidden', guestText('http.forbidden'));
}

export { mintInvitationToken } from './team-service.ts';
export { activeOwnerEmails, activeStaffEmails } from './queries.ts';
