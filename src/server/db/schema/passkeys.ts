// Staff's passkeys (issue 44, item 2; decision 039): WebAuthn credentials and the ceremonies' pending challenges.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, instant, oneOf } from './columns.ts';

/** A member's passkey: the credential's id and public key (not secrets), and its signature counter. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser sends it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; a signature whose counter does not go past it is refused. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [index('staff_passkeys_user_id_idx').on(t.userId), check('staff_passkeys_name_length', sql`char_length(${t.name}) between 1 and 60`)],
);

export const PASSKEY_CEREMONIES = ['register', 'sign_in', 'fresh_sign_in'] as const;
export type PasskeyCeremony = (typeof PASSKEY_CEREMONIES)[number];

/**
 * A WebAuthn challenge handed out and not yet answered: a random id in an HttpOnly cookie, kept here as its
 * SHA-256, for a few minutes and one answer (taken with a delete, so two instances never both accept it).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    ceremony: text('ceremony').$type<PasskeyCeremony>().notNull(),
    challenge: text('challenge').notNull(),
    /** Whose registration or fresh sign-in it is; null for a sign-in (the passkey names its account). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('passkey_challenges_expires_at_idx').on(t.expiresAt), check('passkey_challenges_ceremony', oneOf('ceremony', PASSKEY_CEREMONIES))],
);
