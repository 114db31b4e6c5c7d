// The second factor's code (issue 44, decision 039): after a right password on an account with two-step codes, a
// code of its app or one of its recovery codes; and, from an open session, a code instead of the password for a
// fresh sign-in. Wrong codes count like wrong passwords and lock the step on their own (LOCKOUT_THRESHOLD within
// LOCKOUT_MINUTES, across instances through login_attempts); the lock ends the half-signed-in state, so the password
// is asked again after it.
import { LOCKOUT_THRESHOLD } from '@shared/limits.ts';
import { formatMessage } from '@shared/messages.ts';
import { sensitiveChangesMessages } from '@shared/staff-messages/sensitive-changes.ts';
import { twoStepMessages } from '@shared/staff-messages/two-step.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import type { SessionUserView } from '@shared/schemas/auth.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { createSession, markFreshSignIn, type SessionUser } from '../../platform/sessions.ts';
import { recordSensitiveChange } from '../security/service.ts';
import { challengedUser, closeSignInChallenge, type SecondFactorUse, useSecondFactor, wrongCode } from '../two-step/service.ts';
import * as q from './queries.ts';
import { type AuthDeps, type ClientInfo, LOCKOUT_MS, staffView } from './service.ts';

const challengeExpired = () => new AppError(401, 'sign_in_expired', twoStepMessages.expired);
const codeLocked = () => new AppError(423, 'code_locked', loginMessages.locked);

export interface SecondStepSignIn {
  user: SessionUserView;
  sessionId: string;
  /** After a recovery code: how many the account has left. */
  recoveryCodesLeft: number | null;
}

type Judged = { refused: () => AppError } | { refused: null; used: SecondFactorUse };

/**
 * Records one code for the account, under its sign-in lock (the caller holds it), and decides it. Refusals are
 * returned, not thrown: the failure recorded must be committed.
 */
async function judgeCode(
  tx: Executor,
  deps: Pick<AuthDeps, 'box' | 'sessions'>,
  user: { id: string; email: string },
  input: string,
  client: ClientInfo,
): Promise<Judged> {
  const now = deps.sessions.clock.now();
  const record = async (success: boolean, reason: string) => {
    await q.insertLoginAttempt(tx, { email: user.email, success, at: now, reason, ...client });
    await recordChange(tx, { table: 'login_attempts', action: 'insert', id: null });
  };
  const reasons = q.SECOND_STEP_REASONS;
  const standing = await q.secondStepStanding(tx, user.email, new Date(now.getTime() - LOCKOUT_MS));
  if (standing.locked) return { refused: codeLocked };
  const used = await useSecondFactor(tx, { box: deps.box, clock: deps.sessions.clock }, user.id, input);
  if (!used) {
    // This failure counts too: the step locks when it is the LOCKOUT_THRESHOLD-th.
    const locks = standing.wrongCodes + 1 >= LOCKOUT_THRESHOLD;
    await record(false, locks ? reasons.codeLocked : reasons.wrongCode);
    return { refused: locks ? codeLocked : wrongCode };
  }
  await record(true, used.method === 'recovery' ? reasons.recoveryCode : reasons.code);
  if (used.method === 'recovery') {
    const detail = formatMessage(sensitiveChangesMessages.recoveryCodesLeft, { count: used.recoveryCodesLeft });
    await recordSensitiveChange(tx, { at: now, actor: { email: user.email, ipAddress: client.ipAddress }, action: 'recovery_code_used', detail });
  }
  return { refused: null, used };
}

export async function signInWithSecondFactor(
  deps: AuthDeps,
  challengeId: string,
  input: string,
  client: ClientInfo,
): Promise<SecondStepSignIn> {
  const { db, clock } = deps.sessions;
  const outcome = await db.transaction(async (tx) => {
    const now = clock.now();
    const userId = await challengedUser(tx, challengeId, now);
    const user = userId ? await q.findUserById(tx, userId) : null;
    if (!user || user.deactivatedAt) {
      if (userId) await closeSignInChallenge(tx, challengeId, now);
      return { refused: challengeExpired } as const;
    }
    await q.lockEmail(tx, user.email);
    // Under the lock: a second step that ran meanwhile with the same challenge has spent it.
    if ((await challengedUser(tx, challengeId, now)) !== user.id) return { refused: challengeExpired } as const;
    const judged = await judgeCode(tx, deps, user, input, client);
    if (judged.refused) {
      if (judged.refused === codeLocked) await closeSignInChallenge(tx, challengeId, now);
      return judged;
    }
    await closeSignInChallenge(tx, challengeId, now);
    const sessionId = await createSession({ ...deps.sessions, db: tx }, { userId: user.id, ...client });
    const { used } = judged;
    return {
      refused: null,
      user: staffView(user, await q.rolesOf(tx, user.id)),
      sessionId,
      recoveryCodesLeft: used.method === 'recovery' ? used.recoveryCodesLeft : null,
    };
  });
  if (outcome.refused) throw outcome.refused();
  return { user: outcome.user, sessionId: outcome.sessionId, recoveryCodesLeft: outcome.recoveryCodesLeft };
}

/** A fresh sign-in by code (issue 44, item 5): the signed-in member's code instead of the password, counted alike. */
export async function confirmWithCode(deps: Pick<AuthDeps, 'box' | 'sessions'>, sessionUser: SessionUser, input: string, client: ClientInfo): Promise<void> {
  const refused = await deps.sessions.db.transaction(async (tx) => {
    await q.lockEmail(tx, sessionUser.email);
    const judged = await judgeCode(tx, deps, sessionUser, input, client);
    if (judged.refused) return judged.refused;
    await markFreshSignIn({ ...deps.sessions, db: tx }, sessionUser.sessionHash);
    return null;
  });
  if (refused) throw refused();
}
