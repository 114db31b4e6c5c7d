import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, sessions, setupCodes, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';

/** Creates the administrator (an owner), or resets the password of an existing account (ending its sessions) and grants admin. */
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
    await tx.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
    // An owner exists now: the first run's set-up code has nothing left to open.
    await tx.delete(setupCodes);
    return existing ? 'updated' : 'created';
  });
}
