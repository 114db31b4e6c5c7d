// The sign-in's second step (issue 44, decision 039): after a right password on an account with two-step codes, a
// code of its app or one of its recovery codes. Wrong codes count like wrong passwords and lock the step on their
// own (LOCKOUT_THRESHOLD within LOCKOUT_MINUTES, across instances through login_attempts); the lock ends the
// half-signed-in state, so the password is asked again after it.
import { LOCKOUT_THRESHOLD } from '@shared/limits.ts';
import { formatMessage } from '@shared/messages.ts';
import { sensitiveChangesMessages } from '@shared/staff-messages/sensitive-changes.ts';
import { twoStepMessages } from '@shared/staff-messages/two-step.ts';
import { loginMessages } from '@shared/staff-messages/login.ts';
import type { SessionUserView } from '@shared/schemas/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { createSession } from '../../platform/sessions.ts';
import { recordSensitiveChange } from '../security/service.ts';
import { challengedUser, closeSignInChallenge, useSecondFactor, wrongCode } from '../two-step/service.ts';
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

export async function signInWithSecondFactor(
  deps: AuthDeps,
  challengeId: string,
  input: string,
  client: ClientInfo,
): Promise<SecondStepSignIn> {
  const { db, clock } = deps.sessions;
  // Refusals are returned from the transaction, not thrown: the failure it records must be committed.
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
    const record = async (success: boolean, reason: string) => {
      await q.insertLoginAttempt(tx, { email: user.email, success, at: now, reason, ...client });
      await recordChange(tx, { table: 'login_attempts', action: 'insert', id: null });
    };
    const reasons = q.SECOND_STEP_REASONS;
    const standing = await q.secondStepStanding(tx, user.email, new Date(now.getTime() - LOCKOUT_MS));
    if (standing.locked) {
      await closeSignInChallenge(tx, challengeId, now);
      return { refused: codeLocked } as const;
    }
    const used = await useSecondFactor(tx, { box: deps.box, clock }, user.id, input);
    if (!used) {
      // This failure counts too: the step locks when it is the LOCKOUT_THRESHOLD-th.
      const locks = standing.wrongCodes + 1 >= LOCKOUT_THRESHOLD;
      await record(false, locks ? reasons.codeLocked : reasons.wrongCode);
      if (!locks) return { refused: wrongCode } as const;
      await closeSignInChallenge(tx, challengeId, now);
      return { refused: codeLocked } as const;
    }
    await record(true, used.method === 'recovery' ? reasons.recoveryCode : reasons.code);
    if (used.method === 'recovery') {
      const detail = formatMessage(sensitiveChangesMessages.recoveryCodesLeft, { count: used.recoveryCodesLeft });
      await recordSensitiveChange(tx, { at: now, actor: { email: user.email, ipAddress: client.ipAddress }, action: 'recovery_code_used', detail });
    }
    await closeSignInChallenge(tx, challengeId, now);
    const sessionId = await createSession({ ...deps.sessions, db: tx }, { userId: user.id, ...client });
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
