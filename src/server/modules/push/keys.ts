import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { appSecrets } from '../../db/schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SECRET_NAME = 'vapid';

/**
 * The VAPID key pair: from the environment when given, otherwise generated on first start and kept in the database,
 * so every instance signs with the same key and subscriptions survive restarts.
 */
export async function loadVapidKeys(db: Database, vapid: Config['vapid']): Promise<VapidKeys> {
  if (vapid.publicKey && vapid.privateKey) {
    return { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: vapid.subject };
  }
  const generated = webpush.generateVAPIDKeys();
  // Two instances starting together: the first insert wins and both read the same pair back.
  await db.insert(appSecrets).values({ name: SECRET_NAME, value: JSON.stringify(generated) }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  const stored = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { ...stored, subject: vapid.subject };
}
