// A member's own name (issue 52, decision 069): set in 'Mi cuenta', shown in Equipo in place of the email.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';

export async function displayNameOf(db: Executor, userId: string): Promise<{ name: string | null }> {
  const [user] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
  return { name: user?.name ?? null };
}

/** `name` arrives trimmed and within DISPLAY_NAME_MAX (displayNameInputSchema). */
export async function setDisplayName(db: Executor, userId: string, name: string, now: Date): Promise<{ name: string }> {
  await db.update(users).set({ displayName: name, updatedAt: now }).where(eq(users.id, userId));
  // Equipo's list listens to it, so an owner looking at it sees the name at once.
  await recordChange(db, { table: 'users', action: 'update', id: null });
  return { name };
}
