import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { restaurantConfig } from '../../db/schema.ts';

export async function findRestaurantConfig(db: Executor) {
  const [row] = await db.select().from(restaurantConfig).where(eq(restaurantConfig.id, 1)).limit(1);
  return row ?? null;
}
