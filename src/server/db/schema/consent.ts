// The consents a visitor or guest gives, with the text they saw.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { reservations } from './reservations.ts';

export const consentimientos = pgTable(
  'consentimientos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clienteEmail: text('cliente_email').notNull(),
    versionPolitica: text('version_politica').notNull(),
    aceptado: boolean('aceptado').notNull(),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('consentimientos_aceptado', sql`${t.aceptado}`),
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
