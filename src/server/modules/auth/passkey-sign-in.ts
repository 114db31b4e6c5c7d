// Signing in with a passkey at /auth (issue 44, item 2; decision 039): any passkey of this site, found by its
// credential id (discoverable credentials). It is a whole sign-in on its own (possession and user verification):
// no password and no second step. Recorded in login_attempts like a password sign-in when the passkey is ours.
import type { z } from 'zod';
import type { authenticationResponseSchema } from '@shared/schemas/passkeys.ts';
import type { SessionUserView } from '@shared/schemas/auth.ts';
import { recordChange } from '../../platform/events.ts';
import { createSession } from '../../platform/sessions.ts';
import { checkAssertion, passkeyRefused } from '../passkeys/service.ts';
import * as q from './queries.ts';
import { accountDeactivated, type AuthDeps, type ClientInfo, staffView } from './service.ts';

export async function signInWithPasskey(
  deps: AuthDeps,
  input: { challengeId: string | undefined; response: z.output<typeof authenticationResponseSchema> },
  client: ClientInfo,
): Promise<{ user: SessionUserView; sessionId: string }> {
  const { db, clock } = deps.sessions;
  const checked = await checkAssertion({ db, clock, publicUrl: deps.publicUrl }, { ceremony: 'sign_in', ...input });
  const user = checked.userId ? await q.findUserById(db, checked.userId) : null;
  if (!user) throw (checked.refused ?? passkeyRefused)();
  // Refusals are returned from the transaction, not thrown: the failure it records must be committed.
  const outcome = await db.transaction(async (tx) => {
    const record = async (success: boolean, reason: string) => {
      await q.insertLoginAttempt(tx, { email: user.email, success, at: clock.now(), reason, ...client });
      await recordChange(tx, { table: 'login_attempts', action: 'insert', id: null });
    };
    if (checked.refused) {
      await record(false, q.PASSKEY_REASONS.refused);
      return { refused: checked.refused } as const;
    }
    if (user.deactivatedAt) {
      await record(false, 'account_deactivated');
      return { refused: accountDeactivated } as const;
    }
    await record(true, q.PASSKEY_REASONS.signedIn);
    const sessionId = await createSession({ ...deps.sessions, db: tx }, { userId: user.id, ...client });
    return { refused: null, user: staffView(user, await q.rolesOf(tx, user.id)), sessionId } as const;
  });
  if (outcome.refused) throw outcome.refused();
  return { user: outcome.user, sessionId: outcome.sessionId };
}
