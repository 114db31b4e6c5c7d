import { eq } from 'drizzle-orm';
import { notificationSettingsDefaults } from '@shared/defaults.ts';
import type { Executor } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema.ts';

export async function findNotificationSettings(db: Executor) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.id, 1)).limit(1);
  return row ?? notificationSettingsDefaults;
}
