// Reservations, the guests who make them, the guest's private links and the reminders sent.
import { sql } from 'drizzle-orm';
import { MESSAGE_CHANNELS } from '@shared/schemas/messaging.ts';
import { type AnyPgColumn, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ALLERGENS, BILL_CENTS_MAX, GUEST_NOTE_MAX } from '@shared/limits.ts';
import { ARRIVAL_STATUSES, CANCELLED_BY, RESERVATION_SOURCES, RESERVATION_STATUSES } from '@shared/schemas/reservation.ts';
import { CHANGE_ACTIONS, CHANGE_ACTORS } from '@shared/schemas/reservation-history.ts';
import { users } from './accounts.ts';
import { apiKeys } from './api-keys.ts';
import { createdAt, day, guestLanguage, guestLanguageCheck, hhmm, instant, oneOf } from './columns.ts';
import { imports } from './imports.ts';
import { IMPORT_LAWFUL_BASES } from '@shared/schemas/import.ts';

export const REMINDER_KINDS = ['24h', '2h'] as const;

/**
 * A guest, recognised across reservations by normalised email or phone (issue 11).
 * The note is staff's permanent note (allergies, preferences), shown on every card.
 */
export const guests = pgTable(
  'guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased email; null when the guest only ever gave a phone. */
    email: text('email'),
    /** Phone reduced by normalizePhone (shared/rules/guests.ts). */
    phone: text('phone'),
    note: text('note'),
    /** Staff's tags, from the owner's list (restaurant_config.guest_tag_options; issue 22). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Codes from ALLERGENS (shared/limits.ts): health data, shown to signed-in staff only. */
    allergens: text('allergens').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    // The profile's figures (issue 47), kept by the trigger guest_stats_refresh (migration 0041) from the guest's
    // reservations, so that the 'Clientes' list sorts and counts 100,000 guests without reading their bookings.
    /** The name of the guest's latest booking. */
    name: text('name'),
    visits: integer('visits').notNull().default(0),
    /** The people of those visits. */
    covers: integer('covers').notNull().default(0),
    noShows: integer('no_shows').notNull().default(0),
    cancellations: integer('cancellations').notNull().default(0),
    /** Cancelled by the guest less than 24 hours before the booking's time. */
    lateCancellations: integer('late_cancellations').notNull().default(0),
    firstVisitOn: day('first_visit_on'),
    lastVisitOn: day('last_visit_on'),
    /** The third latest visit: 'Habituales' are those whose third latest visit is within 12 months. */
    thirdLastVisitOn: day('third_last_visit_on'),
    /** The bills staff entered for the guest's visits, and how many visits have one. */
    spendCents: integer('spend_cents').notNull().default(0),
    spendVisits: integer('spend_visits').notNull().default(0),
    /** The guest objected to the no-show risk (GDPR art. 21, decision 043): their bookings get none. */
    riskObjectedAt: instant('risk_objected_at'),
    /** The import that created this guest (issue 49): its lawful basis is the import's; 'Deshacer' removes it. */
    importId: uuid('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    /** For a guest an import created: the lawful basis the owner stated for the file's guests (GDPR art. 6). */
    importedBasis: text('imported_basis', { enum: IMPORT_LAWFUL_BASES }),
  },
  (t) => [
    // The 'Clientes' list's default order and its order by name: a page is read off the index, not sorted. Read
    // backwards, the first gives 'last_visit_on desc nulls last, id desc', the list's default.
    index('guests_last_visit_idx').on(t.lastVisitOn.asc().nullsFirst(), t.id.asc()),
    index('guests_name_order_idx').on(sql`lower(${t.name}) asc nulls last`, t.id),
    // The figures' orders, either way (read backwards for 'desc'), so that a deep page is not a sort of every guest.
    index('guests_visits_order_idx').on(t.visits, t.id),
    index('guests_import_idx').on(t.importId).where(sql`import_id is not null`),
    check('guests_imported_basis', oneOf('imported_basis', IMPORT_LAWFUL_BASES)),
    index('guests_covers_order_idx').on(t.covers, t.id),
    index('guests_no_shows_order_idx').on(t.noShows, t.id),
    index('guests_cancellations_order_idx').on(t.cancellations, t.id),
    index('guests_spend_order_idx').on(t.spendCents, t.id),
    index('guests_average_party_order_idx').on(sql`round(${t.covers}::numeric / nullif(${t.visits}, 0), 1) desc nulls last`, t.id.desc().nullsFirst()),
    index('guests_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('guests_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('guests_phone_digits_trgm_idx').using('gin', sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g') gin_trgm_ops`),
    uniqueIndex('guests_email_key').on(t.email).where(sql`email is not null`),
    uniqueIndex('guests_phone_key').on(t.phone).where(sql`phone is not null`),
    check('guests_identified', sql`${t.email} is not null or ${t.phone} is not null`),
    check('guests_note_length', sql.raw(`char_length(note) <= ${GUEST_NOTE_MAX}`)),
    check('guests_allergens_known', sql.raw(`allergens <@ array[${ALLERGENS.map((code) => `'${code}'`).join(', ')}]::text[]`)),
  ],
);

export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerName: text('customer_name').notNull(),
    /** Null only for a walk-in whose phone the host did not take (issue 22). */
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    numberOfPeople: integer('number_of_people').notNull(),
    reservationDate: day('reservation_date').notNull(),
    reservationTime: hhmm('reservation_time').notNull(),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('pending'),
    arrivalStatus: text('arrival_status', { enum: ARRIVAL_STATUSES }).notNull().default('pending'),
    adminNotes: text('admin_notes'),
    /** Given by staff when cancelling; sent to the guest. */
    cancellationReason: text('cancellation_reason'),
    /** 'public' for a guest's request, 'admin' for a manual reservation, 'walk_in' for a party seated without one. */
    source: text('source', { enum: RESERVATION_SOURCES }).notNull().default('public'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** Raised by every change (updateReservation): the calendar file's SEQUENCE, so a calendar replaces its copy. */
    revision: integer('revision').notNull().default(0),
    /** Set when status becomes cancelled: 'guest' from the self-service page, 'staff' otherwise (null before issue 11). */
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    /** The guest's language: every email to them, and its calendar file, is in it (issue 26). */
    language: guestLanguage(),
    /** The reservation a guest asked to move from the self-service page; the old one stays as it was. */
    previousReservationId: uuid('previous_reservation_id').references((): AnyPgColumn => reservations.id, {
      onDelete: 'set null',
    }),
    /** The guest this reservation belongs to; null until matched. */
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    /** When the guest's data was erased (issue 24): only the anonymous figures remain. */
    erasedAt: instant('erased_at'),
    /** The phone in E.164 (issue 46), when it could be read; the typed one stays as it was. */
    customerPhoneE164: text('customer_phone_e164'),
    /** The channel the guest chose for the confirmation and the reminder (issue 46); null: email. */
    messagingChannel: text('messaging_channel', { enum: MESSAGE_CHANNELS }),
    /**
     * When staff marked the party 'Llegó' (issue 52, decision 066); null while not arrived. An arrival before the
     * booked time holds the tables from then (shared/rules/seating.ts#occupiedInterval).
     */
    arrivedAt: instant('arrived_at'),
    /** When the guest answered the reminder 'Confirmo' ('Confirmó asistencia'). */
    guestConfirmedAt: instant('guest_confirmed_at'),
    /** When it was cancelled (issue 47: a late cancellation weighs on the no-show risk); null before then. */
    cancelledAt: instant('cancelled_at'),
    /** 'Importe de la cuenta' (issue 47), in cents, when staff entered it. */
    billCents: integer('bill_cents'),
    /** The import that placed this booking (issue 49): 'Deshacer importación' removes it. */
    importId: uuid('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('reservations_source', oneOf('source', RESERVATION_SOURCES)),
    guestLanguageCheck('reservations'),
    check('reservations_messaging_channel', oneOf('messaging_channel', MESSAGE_CHANNELS)),
    check('reservations_cancelled_by', oneOf('cancelled_by', CANCELLED_BY)),
    check('reservations_status', oneOf('status', RESERVATION_STATUSES)),
    check('reservations_arrival_status', oneOf('arrival_status', ARRIVAL_STATUSES)),
    check('reservations_people', sql`${t.numberOfPeople} between 1 and 30`),
    check('reservations_email_lower', sql`${t.customerEmail} = lower(${t.customerEmail})`),
    check('reservations_name_length', sql`char_length(${t.customerName}) between 2 and 100`),
    check('reservations_phone_length', sql`char_length(${t.customerPhone}) between 8 and 20`),
    check('reservations_phone_given', sql`${t.customerPhone} is not null or ${t.source} = 'walk_in' or ${t.erasedAt} is not null`),
    check('reservations_email_length', sql`char_length(${t.customerEmail}) <= 255`),
    check('reservations_bill_cents', sql.raw(`bill_cents between 0 and ${BILL_CENTS_MAX}`)),
    // Today / upcoming / history date ranges, ordered by time.
    index('reservations_date_time_idx').on(t.reservationDate, t.reservationTime),
    // Pending alerts and their count.
    index('reservations_pending_idx').on(t.reservationDate, t.reservationTime).where(sql`status = 'pending'`),
    // The bookings holding tables on a date ('Por mesas', issue 21): its cancelled and completed rows are not read.
    index('reservations_holding_idx').on(t.reservationDate).where(sql`status in ('pending', 'confirmed')`),
    // The per-email-per-day limit.
    index('reservations_email_date_idx').on(t.customerEmail, t.reservationDate),
    index('reservations_created_at_idx').on(t.createdAt),
    // History sorted by time across all dates.
    index('reservations_time_id_idx').on(t.reservationTime, t.id),
    // A guest's earlier visits on every card.
    index('reservations_guest_id_idx').on(t.guestId, t.reservationDate),
    // 'Deshacer importación' (issue 49).
    index('reservations_import_idx').on(t.importId).where(sql`import_id is not null`),
    index('reservations_name_idx').on(t.customerName),
    // History free-text search: case-insensitive substring match on name, email and phone.
    index('reservations_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    index('reservations_email_trgm_idx').using('gin', t.customerEmail.op('gin_trgm_ops')),
    index('reservations_phone_trgm_idx').using('gin', t.customerPhone.op('gin_trgm_ops')),
    // Search by any digits of the phone, however it was typed (issue 22): see phoneDigits in reservations' queries.
    index('reservations_phone_digits_trgm_idx').using('gin', sql`regexp_replace(${t.customerPhone}, '[^0-9]', '', 'g') gin_trgm_ops`),
  ],
);

/**
 * The guest's private links: only the SHA-256 of each token is kept, so the table opens no reservation.
 * A reservation may have several (one per email that carries a link); all stay valid while it exists.
 */
export const guestAccessTokens = pgTable(
  'guest_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('guest_access_tokens_reservation_id_idx').on(t.reservationId)],
);

/** One row per reminder kind sent for a reservation: the primary key is what makes a reminder go out once. */
export const reservationReminders = pgTable(
  'reservation_reminders',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.kind] }), check('reservation_reminders_kind', oneOf('kind', REMINDER_KINDS))],
);

/**
 * A guest's request the staff have not yet been emailed about, written in the request's transaction while the
 * 'Nueva reserva' email is hourly or daily-only (decision 067); the summary or the daily report that lists it deletes
 * it in the transaction that queues its email, so each request is listed once.
 */
export const pendingRequestAlerts = pgTable('pending_request_alerts', {
  reservationId: uuid('reservation_id')
    .primaryKey()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  receivedAt: instant('received_at').notNull(),
});

export const reservasLogs = pgTable('reservas_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  context: text('context').notNull(),
  reservationId: uuid('reservation_id'),
  clienteEmail: text('cliente_email'),
  errorText: text('error_text').notNull(),
  createdAt: createdAt(),
});

/** What happened to a reservation, by whom and when (issue 19's 'Historial de cambios'). */
/** The fields of a reservation a staff change may touch, as they were before it. */
export interface RestorePoint {
  revision: number;
  state: Pick<
    typeof reservations.$inferSelect,
    | 'status'
    | 'cancellationReason'
    | 'cancelledBy'
    | 'arrivalStatus'
    | 'customerName'
    | 'customerPhone'
    | 'customerEmail'
    | 'numberOfPeople'
    | 'reservationDate'
    | 'reservationTime'
    | 'adminNotes'
    | 'guestId'
  > &
    /** Since issue 46 (an older restore point has none): the phone's E.164 form follows the phone back, and the
     * guest's 'Confirmó asistencia' the date and time it was given for; since issue 52, the arrival's instant. */
    Partial<Pick<typeof reservations.$inferSelect, 'customerPhoneE164' | 'guestConfirmedAt' | 'arrivedAt'>>;
  /** The tables before the change, when it changed them. */
  tableIds: string[] | null;
  /** The reminders already sent for the old date and time, which a move forgot (so the new one is reminded of). */
  reminders?: Array<{ kind: (typeof REMINDER_KINDS)[number]; sentAt: string }>;
}

export const reservationChanges = pgTable(
  'reservation_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    at: instant('at').notNull(),
    actor: text('actor', { enum: CHANGE_ACTORS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff email at the time: the account may change or go later. */
    actorEmail: text('actor_email'),
    /** The API key that made the change through /api/v1 (issue 48), and its name at the time. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    apiKeyName: text('api_key_name'),
    action: text('action', { enum: CHANGE_ACTIONS }).notNull(),
    /** Each changed field: [before, after]. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull(),
    override: boolean('override').notNull().default(false),
    /** The staff change this line belongs to, while 'Deshacer' may take it back; null for a change that cannot be undone. */
    undoGroup: uuid('undo_group'),
    /** What an undo puts back: the reservation's state and tables before the change, and its revision after it. */
    restore: jsonb('restore').$type<RestorePoint>(),
    undoneAt: instant('undone_at'),
  },
  (t) => [
    index('reservation_changes_reservation_id_idx').on(t.reservationId, t.at),
    index('reservation_changes_undo_group_idx').on(t.undoGroup).where(sql`undo_group is not null`),
    check('reservation_changes_actor', oneOf('actor', CHANGE_ACTORS)),
    check('reservation_changes_action', oneOf('action', CHANGE_ACTIONS)),
  ],
);
