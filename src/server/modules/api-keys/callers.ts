// Which API key a request to /api/v1 presents (decision 049).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { API_KEY_LAST_USED_EVERY_SECONDS } from '@shared/limits.ts';
import { apiKeys } from '../../db/schema.ts';
import type { ApiKeyCaller } from '../../platform/api-key-caller.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { claimedPrefix, keyMatches } from './keys.ts';

const LAST_USED_EVERY_MS = API_KEY_LAST_USED_EVERY_SECONDS * 1000;

/**
 * The live key `presented` is, or null. Unknown, malformed and revoked keys take the same path: one lookup by the
 * claimed prefix and one constant-time comparison of hashes, so their refusals cannot be told apart by their time
 * (a malformed key looks up a prefix no key has). The raw key never reaches SQL, a log or an error.
 */
export async function findCaller({ db, clock }: ServiceDeps, presented: string): Promise<ApiKeyCaller | null> {
  const prefix = claimedPrefix(presented) ?? '';
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix));
  const matches = keyMatches(presented, row?.keyHash ?? null);
  if (!row || !matches || row.revokedAt) return null;
  const now = clock.now();
  // 'Último uso' at most once a minute: a busy integration would otherwise write the row on every request.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  return { id: row.id, name: row.name, scopes: row.scopes as ApiKeyCaller['scopes'] };
}
