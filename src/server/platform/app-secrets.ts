import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';

/**
 * The secret stored under `name`, storing `candidate` if there is none yet. Instances starting together race on the
 * insert; the first wins and every one reads the same value back.
 */
export async function sharedSecret(db: Database, name: string, candidate: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
