// The owner's API keys (issue 48, decision 049): created in Configuración › Integraciones and shown once, kept as a
// hash, revoked by a date; each creation and revocation is a line in Seguridad. And the one check of /api/v1: which
// key, if any, a request presents (callers.ts, v1-guard.ts).
import { desc, eq } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import type { ApiKeyCreated, ApiKeyView, apiKeyInputSchema } from '@shared/schemas/api-keys.ts';
import { integrationsMessages } from '@shared/staff-messages/integrations.ts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { newKey, shownPrefix } from './keys.ts';

export { registerApiKeyGuard } from './v1-guard.ts';

const text = integrationsMessages;
type ApiKeyRow = typeof apiKeys.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toView(row: ApiKeyRow, createdByEmail: string | null): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyView['scopes'],
    prefix: shownPrefix(row.prefix),
    createdAt: row.createdAt.toISOString(),
    createdByEmail,
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

/** Seguridad's line: the name, the public prefix and the scopes; never the key. */
const describe = (row: ApiKeyRow) => formatMessage(text.change, { name: row.name, prefix: shownPrefix(row.prefix), scopes: row.scopes.join(', ') });

/** Every key, newest first, revoked ones too (the change log still names them); no secret, no hash. */
export async function listApiKeys(db: Executor): Promise<ApiKeyView[]> {
  const rows = await db
    .select({ key: apiKeys, createdByEmail: users.email })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toView(row.key, row.createdByEmail));
}

/** 'Nueva clave': the key is in this answer and nowhere else, ever; the row holds its SHA-256. */
export async function createApiKey(
  { db, clock }: ServiceDeps,
  input: z.output<typeof apiKeyInputSchema>,
  creator: { userId: string; actor: SensitiveActor },
): Promise<ApiKeyCreated> {
  const { key, prefix, hash } = newKey();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ name: input.name, scopes: [...input.scopes], prefix, keyHash: hash, createdBy: creator.userId, createdAt: clock.now() })
      .returning();
    await recordChange(tx, { table: 'api_keys', action: 'insert', id: inserted!.id });
    await recordSensitiveChange(tx, { at: clock.now(), actor: creator.actor, action: 'api_key_created', detail: describe(inserted!) });
    return inserted!;
  });
  return { key, apiKey: toView(row, creator.actor.email) };
}

/** 'Revocar': from this moment the key answers 401 everywhere; the row stays for the change log's names. */
export async function revokeApiKey({ db, clock }: ServiceDeps, id: string, actor: SensitiveActor): Promise<ApiKeyView> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!current) throw notFound(text.errors.notFound);
    if (current.revokedAt) throw conflict('api_key_revoked', text.errors.alreadyRevoked);
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: clock.now() }).where(eq(apiKeys.id, id)).returning();
    await recordChange(tx, { table: 'api_keys', action: 'update', id });
    await recordSensitiveChange(tx, { at: clock.now(), actor, action: 'api_key_revoked', detail: describe(revoked!) });
    const [creator] = current.createdBy ? await tx.select({ email: users.email }).from(users).where(eq(users.id, current.createdBy)) : [];
    return toView(revoked!, creator?.email ?? null);
  });
}
