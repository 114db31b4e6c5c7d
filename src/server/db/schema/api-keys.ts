// The owner's API keys for /api/v1 (issue 48, decision 049).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from '@shared/schemas/api-keys.ts';
import { users } from './accounts.ts';
import { createdAt, instant } from './columns.ts';

/**
 * A key is `mesa_<prefix>_<secret>`: the prefix (public, unique) finds the row, the SHA-256 of the whole key is all
 * that is kept of it. The secret is 32 random bytes, so a fast hash is enough: nothing can be guessed from it.
 * Revoked keys stay, so the change log's lines keep naming the key that made them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text('key_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_key').on(t.prefix),
    index('api_keys_created_at_idx').on(t.createdAt),
    check('api_keys_name_length', sql.raw(`char_length(name) between 1 and ${API_KEY_NAME_MAX}`)),
    check(
      'api_keys_scopes',
      sql.raw(`cardinality(scopes) between 1 and ${API_KEY_SCOPES.length} and scopes <@ array[${API_KEY_SCOPES.map((scope) => `'${scope}'`).join(', ')}]::text[]`),
    ),
  ],
);
