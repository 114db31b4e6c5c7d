// 'Garantía con tarjeta' in Configuración › Reservas (issue 45): the owner's rules, kept in
// restaurant_config.card_guarantee; the booking page reads them through the public settings (service.ts).
import { eq } from 'drizzle-orm';
import type { CardGuaranteeRules, CardGuaranteeSettings } from '@shared/schemas/card-guarantee.ts';
import { restaurantConfig } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { findPaymentsConnected } from './queries.ts';
import { getRestaurantConfig } from './service.ts';

export async function cardGuaranteeSettings({ db }: Pick<ServiceDeps, 'db'>): Promise<CardGuaranteeSettings> {
  const [config, paymentsConnected] = await Promise.all([getRestaurantConfig(db), findPaymentsConnected(db)]);
  return { rules: config.cardGuarantee, paymentsConnected };
}

/** Replaces the rules as a whole: the fieldset always sends every one of them. */
export async function saveCardGuaranteeRules(deps: ServiceDeps, rules: CardGuaranteeRules): Promise<CardGuaranteeSettings> {
  await deps.db.transaction(async (tx) => {
    await tx.update(restaurantConfig).set({ cardGuarantee: rules, updatedAt: deps.clock.now() }).where(eq(restaurantConfig.id, 1));
    await recordChange(tx, { table: 'restaurant_config', action: 'update', id: '1' });
  });
  return cardGuaranteeSettings(deps);
}
