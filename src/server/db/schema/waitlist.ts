// The waitlist (issue 23): parties waiting for a full date and time, the freed places offered to them, and the
// hashed tokens of the guest's links (an entry's page and an offer's).
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS } from '@shared/schemas/messaging.ts';
import { WAITLIST_OFFER_STATUSES, WAITLIST_SOURCES, WAITLIST_STATUSES } from '@shared/schemas/waitlist.ts';
import { createdAt, day, guestLanguage, guestLanguageCheck, hhmm, instant, oneOf } from './columns.ts';
import { reservations } from './reservations.ts';

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The list's order: who came first, exactly, even for two parties added in the same millisecond. */
    position: bigserial('position', { mode: 'number' }).notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    /** Lower-cased; null for a party staff added without one (it is then never offered a place by email). */
    customerEmail: text('customer_email'),
    numberOfPeople: integer('number_of_people').notNull(),
    reservationDate: day('reservation_date').notNull(),
    timeFrom: hhmm('time_from').notNull(),
    /** The end of the range the party would take; null: only time_from. */
    timeTo: hhmm('time_to'),
    quotedWaitMinutes: integer('quoted_wait_minutes'),
    source: text('source', { enum: WAITLIST_SOURCES }).notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** The booking or walk-in it became. */
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    /** The guest's language: their waitlist emails and offers are in it (issue 26). */
    language: guestLanguage(),
    /** As on reservations (issue 46): the phone in E.164 and the channel the guest chose for the offer. */
    customerPhoneE164: text('customer_phone_e164'),
    messagingChannel: text('messaging_channel', { enum: MESSAGE_CHANNELS }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_entries_date_idx').on(t.reservationDate, t.status, t.position),
    // Joining twice: one email waits once for one date and time.
    uniqueIndex('waitlist_entries_email_slot_key')
      .on(t.customerEmail, t.reservationDate, t.timeFrom)
      .where(sql`status in ('waiting', 'offered') and customer_email is not null`),
    check('waitlist_entries_status', oneOf('status', WAITLIST_STATUSES)),
    guestLanguageCheck('waitlist_entries'),
    check('waitlist_entries_messaging_channel', oneOf('messaging_channel', MESSAGE_CHANNELS)),
    check('waitlist_entries_source', oneOf('source', WAITLIST_SOURCES)),
    check('waitlist_entries_people', sql`number_of_people between 1 and 100`),
    check('waitlist_entries_range', sql`time_to is null or time_to >= time_from`),
  ],
);

/**
 * A freed place offered to one entry: while open it holds its covers (and, in 'Por mesas', a table) in the capacity
 * readers exactly as a booking does, so no one else, on any instance, is offered or books it until it is answered
 * or expires.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    reservationDate: day('reservation_date').notNull(),
    reservationTime: hhmm('reservation_time').notNull(),
    numberOfPeople: integer('number_of_people').notNull(),
    status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('open'),
    offeredAt: instant('offered_at').notNull(),
    holdUntil: instant('hold_until').notNull(),
    answeredAt: instant('answered_at'),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One open offer per entry at a time.
    uniqueIndex('waitlist_offers_open_entry_key').on(t.entryId).where(sql`status = 'open'`),
    index('waitlist_offers_open_idx').on(t.reservationDate).where(sql`status = 'open'`),
    index('waitlist_offers_entry_idx').on(t.entryId),
    check('waitlist_offers_status', oneOf('status', WAITLIST_OFFER_STATUSES)),
  ],
);

/** The guest's links: only the SHA-256 of each token is kept; an offer's token also names its offer. */
export const waitlistTokens = pgTable(
  'waitlist_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id').references(() => waitlistOffers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('waitlist_tokens_entry_idx').on(t.entryId)],
);
