// The consents a visitor or guest gives, with the text they saw.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, guestLanguage, guestLanguageCheck } from './columns.ts';
import { reservations } from './reservations.ts';

/**
 * Each text of the privacy policy guests have been shown (issue 24): a new row whenever the text changes (the owner's
 * details, the retention periods, a new release's wording). 'v1.0 - 21/09/2025' (the spec's) is the first.
 */
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    label: text('label').notNull(),
    language: text('language').notNull().default('es'),
    /** The document as shown, as plain text, one block per line. */
    body: text('body').notNull(),
    /** SHA-256 of the text without its version label: what tells a change. */
    bodyHash: text('body_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('policy_versions_label_language_key').on(t.label, t.language)],
);

export const consentimientos = pgTable(
  'consentimientos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clienteEmail: text('cliente_email').notNull(),
    versionPolitica: text('version_politica').notNull(),
    /** The exact text accepted; null only for consents recorded before versions were kept. */
    policyVersionId: bigint('policy_version_id', { mode: 'number' }).references(() => policyVersions.id),
    aceptado: boolean('aceptado').notNull(),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    /** The language the form was in, and the consent's words as the guest read them there (issue 26). */
    language: guestLanguage(),
    consentText: text('consent_text'),
    createdAt: createdAt(),
  },
  (t) => [
    check('consentimientos_aceptado', sql`${t.aceptado}`),
    guestLanguageCheck('consentimientos'),
    index('consentimientos_email_idx').on(t.clienteEmail),
    index('consentimientos_reservation_id_idx').on(t.reservationId),
  ],
);

export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consentType: text('consent_type').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    consentVersion: text('consent_version').notNull(),
    legalText: text('legal_text').notNull(),
    preferences: jsonb('preferences').$type<{ necessary: true; analytics: boolean; marketing: boolean }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cookie_consents_created_at_idx').on(t.createdAt)],
);
