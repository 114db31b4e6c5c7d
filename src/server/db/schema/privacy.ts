// What was done with guests' personal data (issue 24): exports, erasures and the retention job's runs, shown in
// Seguridad. An entry names the guest by id only, never the data it concerned.
import { bigserial, boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PRIVACY_ACTIONS } from '@shared/schemas/privacy.ts';
import { createdAt, instant, oneOf } from './columns.ts';
import { reservations } from './reservations.ts';

export const privacyEvents = pgTable(
  'privacy_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    /** The staff member who asked; null for the guest's own request or the retention job. */
    actorEmail: text('actor_email'),
    /** Where the staff member asked from (issue 44); null for the guest's own request and the retention job. */
    ipAddress: text('ip_address'),
    action: text('action', { enum: PRIVACY_ACTIONS }).notNull(),
    /** Asked by the guest from the reservation's private page (then actorEmail is null). */
    byGuest: boolean('by_guest').notNull().default(false),
    guestId: uuid('guest_id'),
    /** How many rows of each kind the action touched, e.g. { reservations: 3, emails: 5 }. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('privacy_events_at_idx').on(t.at.desc()), check('privacy_events_action', oneOf('action', PRIVACY_ACTIONS))],
);

/**
 * 'Borrar mis datos' asked from a reservation's private page: the email's confirmation link opens it once, before it
 * expires. The token is minted at delivery and only its SHA-256 is kept; the row names the reservation, no data.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('erasure_requests_reservation_id_idx').on(t.reservationId)],
);

/**
 * The private links (booking pages, waitlist entries and offers) of data erased at the guest's request, by their
 * tokens' SHA-256 alone: such a link then says the data was erased instead of calling itself invalid. Nothing here
 * names the guest.
 */
export const erasedLinks = pgTable('erased_links', {
  tokenHash: text('token_hash').primaryKey(),
  erasedAt: instant('erased_at').notNull(),
});
