import { notificationSettingsDefaults, operatingHoursDefaults, restaurantConfigDefaults } from '@shared/defaults.ts';
import { DEFAULT_ZONES } from '@shared/limits.ts';
import type { Database } from './client.ts';
import { notificationSettings, operatingHours, restaurantConfig, zones } from './schema.ts';

/** Writes the defaults a first start needs; rows that already exist are left as the owner set them. */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(restaurantConfig).values({ id: 1, ...restaurantConfigDefaults }).onConflictDoNothing();
    await tx.insert(notificationSettings).values({ id: 1, ...notificationSettingsDefaults }).onConflictDoNothing();
    await tx
      .insert(operatingHours)
      .values(operatingHoursDefaults.map((day) => ({ ...day })))
      .onConflictDoNothing({ target: operatingHours.dayOfWeek });
    // The default zones while there are none (a fresh install); a restaurant keeps at least one once it has them.
    const [anyZone] = await tx.select({ id: zones.id }).from(zones).limit(1);
    if (!anyZone) {
      await tx
        .insert(zones)
        .values(DEFAULT_ZONES.map((name, position) => ({ name, position })))
        .onConflictDoNothing();
    }
  });
}
