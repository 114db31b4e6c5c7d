// The owner's list of the sites that may frame the booking widget (issue 52, decision 069), from Configuración ›
// General; service.ts's embedOriginsInForce reads what applies.
import { eq } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { embedOrigin } from '../../config.ts';
import { restaurantConfig } from '../../db/schema.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';

const sv = settingsMessages.validation;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The owner's entries as CSP sources, once each; 400 naming the first that is no https origin (http: localhost only). */
export function parseOwnerOrigins(entries: readonly string[]): string[] {
  const origins: string[] = [];
  for (const entry of entries.map((value) => value.trim()).filter(Boolean)) {
    const origin = embedOrigin(entry);
    const local = origin !== null && LOCAL_HOSTS.has(new URL(origin.replace('*.', '')).hostname);
    if (origin === null || (!origin.startsWith('https://') && !local)) {
      const message = formatMessage(sv.embedOriginInvalid, { origin: entry });
      throw new AppError(400, 'validation_failed', message, { origins: message });
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** The owner's list saved, a line in Seguridad; refused (409) while EMBED_ORIGINS is set, which would ignore it. */
export async function saveEmbedOrigins(
  deps: ServiceDeps,
  fromServer: readonly string[],
  entries: readonly string[],
  actor: SensitiveActor,
): Promise<string[]> {
  if (fromServer.length > 0) throw conflict('embed_origins_from_server', sv.embedOriginsFromServer);
  const origins = parseOwnerOrigins(entries);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ origins: restaurantConfig.embedOrigins }).from(restaurantConfig).where(eq(restaurantConfig.id, 1)).for('update');
    await tx.update(restaurantConfig).set({ embedOrigins: origins, updatedAt: deps.clock.now() }).where(eq(restaurantConfig.id, 1));
    await recordChange(tx, { table: 'restaurant_config', action: 'update', id: '1' });
    if (before?.origins.join(' ') !== origins.join(' ')) {
      const detail = origins.length > 0 ? origins.join(' ') : null;
      await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action: 'settings_changed', fields: ['embedOrigins'], detail });
    }
  });
  return origins;
}
