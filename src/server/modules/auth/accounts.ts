import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, sessions, setupCodes, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { turnOff } from '../two-step/service.ts';

/**
 * Creates the administrator (an owner), or resets the password of an existing account (ending its sessions and
 * turning its two-step codes off) and grants admin.
 */
export async function upsertAdmin(db: Database, email: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    let userId: string;
    if (existing) {
      userId = existing.id;
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    } else {
      const [created] = await tx.insert(users).values({ email, passwordHash }).returning({ id: users.id });
      userId = created!.id;
    }
    // The break-glass of whoever runs the server: a reset password signs in without the lost phone too.
    if (existing) await turnOff(tx, { id: userId, email }, new Date(), { email: null, ipAddress: null });
    await tx.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
    // An owner exists now: the first run's set-up code has nothing left to open.
    await tx.delete(setupCodes);
    return existing ? 'updated' : 'created';
  });
}
