// The set-up checklist on Reservas (issue 20): each step is done when the data it asks for is there, so the card
// follows the owner's work wherever it is done (Configuración, Mesas, Push) and on every instance.
import { count, eq, sql } from 'drizzle-orm';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import type { SetupStep } from '@shared/limits.ts';
import type { SetupPatch, SetupStatus } from '@shared/schemas/setup-checklist.ts';
import { restaurantConfig, tables } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { mailDeliveryConfigured, type MailContext } from '../mail-settings/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';

export async function setupStatus(deps: ServiceDeps, mail: MailContext, accountEmail: string): Promise<SetupStatus> {
  const config = await getRestaurantConfig(deps.db);
  const [tableCount] = await deps.db.select({ value: count() }).from(tables).where(eq(tables.isActive, true));
  const mailConfigured = await mailDeliveryConfigured(deps.db, mail);
  // 'hours' has working defaults and 'push' belongs to each device (the browser knows): only the owner says they
  // are done, by setting them aside.
  const done: Record<SetupStep, boolean> = {
    identity: config.name !== restaurantConfigDefaults.name && config.logoUrl !== null,
    adminEmail: config.adminEmail !== null,
    phones: config.contactPhone1 !== null || config.contactPhone2 !== null,
    address: config.address !== null,
    hours: false,
    tables: (tableCount?.value ?? 0) > 0,
    legal: [config.legalName, config.legalNif, config.legalAddress, config.legalEmail].every((value) => value !== null),
    push: false,
    email: mailConfigured,
  };
  return {
    steps: (Object.keys(done) as SetupStep[]).map((id) => ({ id, done: done[id], skipped: config.setupSkippedSteps.includes(id) })),
    hidden: config.setupChecklistHidden,
    mail: { configured: mailConfigured, outboxDirectory: mail.outboxDirectory },
    accountEmail,
  };
}

export async function updateSetup(deps: ServiceDeps, mail: MailContext, patch: SetupPatch, accountEmail: string) {
  await deps.db.transaction(async (tx) => {
    const set =
      'hidden' in patch
        ? { setupChecklistHidden: patch.hidden }
        : {
            setupSkippedSteps: patch.skipped
              ? sql`array(select distinct unnest(array_append(${restaurantConfig.setupSkippedSteps}, ${patch.step})))`
              : sql`array_remove(${restaurantConfig.setupSkippedSteps}, ${patch.step})`,
          };
    await tx.update(restaurantConfig).set(set).where(eq(restaurantConfig.id, 1));
    await recordChange(tx, { table: 'restaurant_config', action: 'update', id: '1' });
  });
  return setupStatus(deps, mail, accountEmail);
}
