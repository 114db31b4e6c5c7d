import { asc, eq } from 'drizzle-orm';
import { notificationSettingsDefaults } from '@shared/defaults.ts';
import type { Executor } from '../../db/client.ts';
import { notificationSettings, operatingHours, paymentSettings, restaurantConfig } from '../../db/schema.ts';

/** `forUpdate` locks the row until the transaction ends, so two writers are checked one after the other. */
export async function findRestaurantConfig(db: Executor, forUpdate = false) {
  const query = db.select().from(restaurantConfig).where(eq(restaurantConfig.id, 1)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findNotificationSettings(db: Executor) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.id, 1)).limit(1);
  return row ?? notificationSettingsDefaults;
}

/** The operating_hours rows, Sunday first. */
export function findWeeklyHours(db: Executor) {
  const { dayOfWeek, isOpen, openTime, closeTime, breakStartTime, breakEndTime } = operatingHours;
  return db
    .select({ dayOfWeek, isOpen, openTime, closeTime, breakStartTime, breakEndTime })
    .from(operatingHours)
    .orderBy(asc(dayOfWeek));
}

/**
 * Whether 'Pagos' holds a provider's keys (a payment_settings row): the card guarantee is asked only then. Read here,
 * not through the payments module, so that settings stays a module that calls none (payments reads the rules here).
 */
export async function findPaymentsConnected(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: paymentSettings.id }).from(paymentSettings).limit(1);
  return rows.length > 0;
}
