// The restaurant's logo (Configuración › General), kept in the database so that every instance serves it and a
// backup carries it. Its URL names the content hash, so the image can be cached for good.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LOGO_CONTENT_TYPES, type LogoContentType } from '@shared/limits.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import type { AdminSettings } from '@shared/schemas/settings.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { restaurantConfig, restaurantLogo } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { adminSettings } from './admin-service.ts';

export const LOGO_PATH = '/api/public/logo/';
/** The URL carries this many hex digits of the SHA-256: plenty to tell two logos of one restaurant apart. */
export const LOGO_HASH_LENGTH = 16;

export const logoTypeError = () => new AppError(415, 'logo_type', settingsMessages.validation.logoType);
export const logoTooLargeError = () => new AppError(413, 'logo_too_large', settingsMessages.validation.logoTooLarge);

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((byte, index) => data[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The file's first bytes, so that a renamed file (an SVG or HTML sent as image/png) is refused. */
const MAGIC: Record<LogoContentType, (data: Buffer) => boolean> = {
  'image/png': (data) => startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (data) => startsWith(data, [0xff, 0xd8, 0xff]),
  'image/webp': (data) => startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8),
};

export function isLogoContentType(value: string): value is LogoContentType {
  return (LOGO_CONTENT_TYPES as readonly string[]).includes(value);
}

export async function saveLogo(deps: ServiceDeps, contentType: string, data: Buffer): Promise<AdminSettings> {
  if (!isLogoContentType(contentType)) throw logoTypeError();
  if (!MAGIC[contentType](data)) throw new AppError(400, 'logo_type', settingsMessages.validation.logoType);
  const sha256 = createHash('sha256').update(data).digest('hex');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(restaurantLogo)
      .values({ id: 1, contentType, data, sha256, updatedAt: now })
      .onConflictDoUpdate({ target: restaurantLogo.id, set: { contentType, data, sha256, updatedAt: now } });
    await setLogoUrl(tx, `${LOGO_PATH}${sha256.slice(0, LOGO_HASH_LENGTH)}`, now);
  });
  return adminSettings(deps);
}

export async function deleteLogo(deps: ServiceDeps): Promise<AdminSettings> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(restaurantLogo).where(eq(restaurantLogo.id, 1));
    await setLogoUrl(tx, null, deps.clock.now());
  });
  return adminSettings(deps);
}

async function setLogoUrl(tx: Transaction, logoUrl: string | null, now: Date): Promise<void> {
  await tx.update(restaurantConfig).set({ logoUrl, updatedAt: now }).where(eq(restaurantConfig.id, 1));
  await recordChange(tx, { table: 'restaurant_config', action: 'update', id: '1' });
}

/** The stored logo when `hash` names the current one; an older URL finds nothing, since its image is gone. */
export async function findLogo(db: Database, hash: string): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ contentType: restaurantLogo.contentType, data: restaurantLogo.data, sha256: restaurantLogo.sha256 })
    .from(restaurantLogo)
    .where(eq(restaurantLogo.id, 1))
    .limit(1);
  if (!row || row.sha256.slice(0, LOGO_HASH_LENGTH) !== hash) return null;
  return { contentType: row.contentType, data: row.data };
}
