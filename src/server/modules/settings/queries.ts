import { eq } from 'drizzle-orm';
import { notificationSettingsDefaults } from '@shared/defaults.ts';
import type { Executor } from '../../db/client.ts';
import { notificationSettings, restaurantConfig } from '../../db/schema.ts';

export async function findRestaurantConfig(db: Executor) {
  const [row] = await db.select().from(restaurantConfig).where(eq(restaurantConfig.id, 1)).limit(1);
  return row ?? null;
}

export async function findNotificationSettings(db: Executor) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.id, 1)).limit(1);
  return row ?? notificationSettingsDefaults;
}
