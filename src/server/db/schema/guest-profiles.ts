// Guests as people the restaurant knows (issue 47): two profiles joined into one, and the guest's rating after a visit.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { FEEDBACK_COMMENT_MAX } from '@shared/limits.ts';
import { FEEDBACK_CHANNELS } from '@shared/schemas/guest-profile.ts';
import { users } from './accounts.ts';
import { createdAt, guestLanguage, guestLanguageCheck, instant, oneOf } from './columns.ts';
import { imports } from './imports.ts';
import { guests, reservations } from './reservations.ts';

/**
 * 'Unir clientes': the profile that was joined into the kept one, as it was; its bookings now belong to the kept one.
 * The joined profile's email and phone are personal data: erasing the kept guest deletes these rows.
 */
export const guestMerges = pgTable(
  'guest_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keptGuestId: uuid('kept_guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    mergedGuestId: uuid('merged_guest_id').notNull(),
    mergedName: text('merged_name'),
    mergedEmail: text('merged_email'),
    mergedPhone: text('merged_phone'),
    reservationsMoved: integer('reservations_moved').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    mergedAt: instant('merged_at').notNull(),
  },
  (t) => [index('guest_merges_kept_idx').on(t.keptGuestId)],
);

/**
 * The request for a rating the day after a visit, and the guest's answer. The link's token is minted at delivery
 * (decision 012) and only its hash is kept; it opens the page once, until `expiresAt`.
 */
export const feedbackRequests = pgTable(
  'feedback_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservationId: uuid('reservation_id')
      .notNull()
      .unique()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: FEEDBACK_CHANNELS }).notNull(),
    language: guestLanguage(),
    tokenHash: text('token_hash').unique(),
    requestedAt: instant('requested_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    answeredAt: instant('answered_at'),
    rating: smallint('rating'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    check('feedback_requests_channel', oneOf('channel', FEEDBACK_CHANNELS)),
    guestLanguageCheck('feedback_requests'),
    check('feedback_requests_rating', sql`${t.rating} between 1 and 5`),
    check('feedback_requests_comment', sql.raw(`char_length(comment) <= ${FEEDBACK_COMMENT_MAX}`)),
    check('feedback_requests_answer', sql`(${t.answeredAt} is null) = (${t.rating} is null)`),
    index('feedback_requests_guest_idx').on(t.guestId),
    index('feedback_requests_answered_idx').on(t.answeredAt).where(sql`answered_at is not null`),
  ],
);

/** A guest an import merged into: what it was before, so that 'Deshacer importación' puts it back. */
export const importGuestMerges = pgTable(
  'import_guest_merges',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    note: text('note'),
    tags: text('tags').array().notNull(),
    allergens: text('allergens').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.guestId] }), index('import_guest_merges_guest_idx').on(t.guestId)],
);
