import { notificationSettingsDefaults, operatingHoursDefaults, restaurantConfigDefaults } from '@shared/defaults.ts';
import type { Database } from './client.ts';
import { notificationSettings, operatingHours, restaurantConfig } from './schema.ts';

/** Writes the defaults a first start needs; rows that already exist are left as the owner set them. */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(restaurantConfig).values({ id: 1, ...restaurantConfigDefaults }).onConflictDoNothing();
    await tx.insert(notificationSettings).values({ id: 1, ...notificationSettingsDefaults }).onConflictDoNothing();
    await tx
      .insert(operatingHours)
      .values(operatingHoursDefaults.map((day) => ({ ...day })))
      .onConflictDoNothing({ target: operatingHours.dayOfWeek });
  });
}
