// The owner's requirement of a second factor (issue 44, item 3, decision 040): owners and encargados must have a
// two-step code or a passkey. One without is signed in to set one up and nothing else: the session carries
// `second_factor_due` until a factor is added, and the /api/admin guard opens only 'Mi cuenta''s factor routes.
import { effectiveRole } from '@shared/rules/permissions.ts';
import { sensitiveChangesMessages } from '@shared/staff-messages/sensitive-changes.ts';
import type { Database, Executor } from '../../db/client.ts';
import { signInPolicy } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { hasPasskey } from '../passkeys/service.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { twoStepEnabled } from '../two-step/service.ts';

export async function secondFactorRequired(db: Executor): Promise<boolean> {
  const [row] = await db.select({ required: signInPolicy.secondFactorRequired }).from(signInPolicy);
  return row?.required ?? false;
}

/** Turns the requirement on or off, with its line in 'Cambios sensibles'; saving the same value records nothing. */
export async function setSecondFactorRequired(deps: { db: Database; clock: Clock }, required: boolean, actor: SensitiveActor): Promise<{ required: boolean }> {
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select({ required: signInPolicy.secondFactorRequired }).from(signInPolicy).for('update');
    if ((current?.required ?? false) === required) return;
    const now = deps.clock.now();
    await tx
      .insert(signInPolicy)
      .values({ secondFactorRequired: required, updatedAt: now })
      .onConflictDoUpdate({ target: signInPolicy.id, set: { secondFactorRequired: required, updatedAt: now } });
    const detail = required ? sensitiveChangesMessages.requirementOn : sensitiveChangesMessages.requirementOff;
    await recordSensitiveChange(tx, { at: now, actor, action: 'second_factor_requirement_changed', detail });
  });
  return { required };
}

/** Whether a session opening now for this account must first add a second factor. */
export async function secondFactorDue(tx: Executor, userId: string, roles: readonly string[]): Promise<boolean> {
  const role = effectiveRole(roles);
  if (role !== 'admin' && role !== 'manager') return false;
  if (!(await secondFactorRequired(tx))) return false;
  return !(await twoStepEnabled(tx, userId)) && !(await hasPasskey(tx, userId));
}
