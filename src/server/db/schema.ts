import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  GUEST_CANCEL_LIMIT_HOURS_DEFAULT,
  GUEST_CANCEL_LIMIT_HOURS_MAX,
  GUEST_NOTE_MAX,
  MAX_COVERS_PER_DAY_LIMIT,
  MAX_COVERS_PER_SLOT_LIMIT,
  TABLE_SHAPES,
} from '@shared/limits.ts';
import { ARRIVAL_STATUSES, CANCELLED_BY, RESERVATION_STATUSES } from '@shared/schemas/reservation.ts';

/** A wall-clock time stored as PostgreSQL `time(0)` and exchanged as 'HH:mm'. */
const hhmm = customType<{ data: string; driverData: string }>({
  dataType: () => 'time(0)',
  fromDriver: (value) => value.slice(0, 5),
  toDriver: (value) => value,
});

/** Binary data: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

const day = (name: string) => date(name, { mode: 'string' });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();

export const RESERVATION_SOURCES = ['public', 'admin'] as const;
export const REMINDER_KINDS = ['24h', '2h'] as const;
export const USER_ROLES = ['admin'] as const;

/** An email attached to an outbox row; content is base64. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * The private link an outbox email will carry, named but not minted (decision 012): the delivery worker issues the
 * token just before sending and puts it where `placeholder` stands in the bodies and attachments. No token is stored.
 */
export type OutboxLink =
  | { kind: 'guest_page'; reservationId: string; placeholder: string }
  | { kind: 'password_reset'; email: string; placeholder: string };

const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: USER_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role', oneOf('role', USER_ROLES))],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random id: a leaked table does not hand out sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: instant('idle_expires_at').notNull(),
    absoluteExpiresAt: instant('absolute_expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

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
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guests_email_key').on(t.email).where(sql`email is not null`),
    uniqueIndex('guests_phone_key').on(t.phone).where(sql`phone is not null`),
    check('guests_identified', sql`${t.email} is not null or ${t.phone} is not null`),
    check('guests_note_length', sql.raw(`char_length(note) <= ${GUEST_NOTE_MAX}`)),
  ],
);

export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email'),
    numberOfPeople: integer('number_of_people').notNull(),
    reservationDate: day('reservation_date').notNull(),
    reservationTime: hhmm('reservation_time').notNull(),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('pending'),
    arrivalStatus: text('arrival_status', { enum: ARRIVAL_STATUSES }).notNull().default('pending'),
    adminNotes: text('admin_notes'),
    /** Given by staff when cancelling; sent to the guest. */
    cancellationReason: text('cancellation_reason'),
    /** 'public' for a guest's request, 'admin' for a manual reservation. */
    source: text('source', { enum: RESERVATION_SOURCES }).notNull().default('public'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** Raised by every change (updateReservation): the calendar file's SEQUENCE, so a calendar replaces its copy. */
    revision: integer('revision').notNull().default(0),
    /** Set when status becomes cancelled: 'guest' from the self-service page, 'staff' otherwise (null before issue 11). */
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    /** The reservation a guest asked to move from the self-service page; the old one stays as it was. */
    previousReservationId: uuid('previous_reservation_id').references((): AnyPgColumn => reservations.id, {
      onDelete: 'set null',
    }),
    /** The guest this reservation belongs to; null until matched. */
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('reservations_source', oneOf('source', RESERVATION_SOURCES)),
    check('reservations_cancelled_by', oneOf('cancelled_by', CANCELLED_BY)),
    check('reservations_status', oneOf('status', RESERVATION_STATUSES)),
    check('reservations_arrival_status', oneOf('arrival_status', ARRIVAL_STATUSES)),
    check('reservations_people', sql`${t.numberOfPeople} between 1 and 30`),
    check('reservations_email_lower', sql`${t.customerEmail} = lower(${t.customerEmail})`),
    check('reservations_name_length', sql`char_length(${t.customerName}) between 2 and 100`),
    check('reservations_phone_length', sql`char_length(${t.customerPhone}) between 8 and 20`),
    check('reservations_email_length', sql`char_length(${t.customerEmail}) <= 255`),
    // Today / upcoming / history date ranges, ordered by time.
    index('reservations_date_time_idx').on(t.reservationDate, t.reservationTime),
    // Pending alerts and their count.
    index('reservations_pending_idx').on(t.reservationDate, t.reservationTime).where(sql`status = 'pending'`),
    // The per-email-per-day limit.
    index('reservations_email_date_idx').on(t.customerEmail, t.reservationDate),
    index('reservations_created_at_idx').on(t.createdAt),
    // History sorted by time across all dates.
    index('reservations_time_id_idx').on(t.reservationTime, t.id),
    // A guest's earlier visits on every card.
    index('reservations_guest_id_idx').on(t.guestId, t.reservationDate),
    index('reservations_name_idx').on(t.customerName),
    // History free-text search: case-insensitive substring match on name, email and phone.
    index('reservations_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    index('reservations_email_trgm_idx').using('gin', t.customerEmail.op('gin_trgm_ops')),
    index('reservations_phone_trgm_idx').using('gin', t.customerPhone.op('gin_trgm_ops')),
  ],
);

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

export const reservasLogs = pgTable('reservas_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  context: text('context').notNull(),
  reservationId: uuid('reservation_id'),
  clienteEmail: text('cliente_email'),
  errorText: text('error_text').notNull(),
  createdAt: createdAt(),
});

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

export const dateExceptions = pgTable(
  'date_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exceptionDate: day('exception_date').notNull(),
    isClosed: boolean('is_closed').notNull().default(true),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  // At most one closed row per date: blocking a day replaces the previous one.
  (t) => [uniqueIndex('date_exceptions_closed_date_key').on(t.exceptionDate).where(sql`is_closed`)],
);

export const mondayExceptions = pgTable(
  'monday_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exceptionDate: day('exception_date').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    reason: text('reason').default('Habilitado manualmente'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('monday_exceptions_date_key').on(t.exceptionDate),
    check('monday_exceptions_is_monday', sql`extract(isodow from ${t.exceptionDate}) = 1`),
  ],
);

export const operatingHours = pgTable(
  'operating_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dayOfWeek: integer('day_of_week').notNull(),
    isOpen: boolean('is_open').notNull(),
    openTime: hhmm('open_time').notNull(),
    closeTime: hhmm('close_time').notNull(),
    breakStartTime: hhmm('break_start_time'),
    breakEndTime: hhmm('break_end_time'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operating_hours_day_key').on(t.dayOfWeek),
    check('operating_hours_day', sql`${t.dayOfWeek} between 0 and 6`),
    // Mondays are closed by policy; only a monday_exceptions row opens one.
    check('operating_hours_monday_closed', sql`${t.dayOfWeek} <> 1 or not ${t.isOpen}`),
    check('operating_hours_open_before_close', sql`${t.openTime} < ${t.closeTime}`),
    check(
      'operating_hours_break',
      sql`(${t.breakStartTime} is null) = (${t.breakEndTime} is null) and (${t.breakStartTime} is null or ${t.breakStartTime} < ${t.breakEndTime})`,
    ),
  ],
);

export const tables = pgTable(
  'tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tableNumber: integer('table_number').notNull(),
    name: text('name').notNull(),
    seats: integer('seats').notNull().default(4),
    positionX: doublePrecision('position_x').notNull(),
    positionY: doublePrecision('position_y').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    shape: text('shape', { enum: TABLE_SHAPES }).notNull().default('square'),
    rotation: integer('rotation').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tables_number_key').on(t.tableNumber),
    check('tables_seats', sql`${t.seats} between 1 and 8`),
    check('tables_shape', oneOf('shape', TABLE_SHAPES)),
    check('tables_rotation', sql`${t.rotation} between 0 and 360`),
    check('tables_name', sql`char_length(btrim(${t.name})) > 0`),
  ],
);

/** A reservation seated at one or more tables (issue 7); overlapping seatings are refused by the service. */
export const reservationTables = pgTable(
  'reservation_tables',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.tableId] }), index('reservation_tables_table_idx').on(t.tableId)],
);

export const dailyReservationPauses = pgTable(
  'daily_reservation_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pauseDate: day('pause_date').notNull(),
    startTime: hhmm('start_time').notNull(),
    endTime: hhmm('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_reservation_pauses_date_key').on(t.pauseDate),
    check('daily_reservation_pauses_window', sql`${t.startTime} < ${t.endTime}`),
  ],
);

export const timeBlocks = pgTable(
  'time_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: day('date').notNull(),
    startTime: hhmm('start_time').notNull(),
    endTime: hhmm('end_time').notNull(),
    reason: text('reason'),
    isBlocked: boolean('is_blocked').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_blocks_date_idx').on(t.date),
    check('time_blocks_window', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** Single-row tables carry id 1 and a check, so a second row cannot appear. */
const singletonId = () => integer('id').primaryKey().default(1);

export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: singletonId(),
    pushNotificationsEnabled: boolean('push_notifications_enabled').notNull().default(false),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    reminderNotificationsEnabled: boolean('reminder_notifications_enabled').notNull().default(true),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('notification_settings_singleton', sql`${t.id} = 1`)],
);

export const restaurantConfig = pgTable(
  'restaurant_config',
  {
    id: singletonId(),
    name: text('name').notNull(),
    brandColor: text('brand_color').notNull(),
    welcomeMessage: text('welcome_message').notNull(),
    confirmationMessage: text('confirmation_message').notNull(),
    autoConfirmationMessage: text('auto_confirmation_message').notNull(),
    reminder24hEnabled: boolean('reminder_24h_enabled').notNull(),
    reminder24hMessage: text('reminder_24h_message').notNull(),
    reminder2hEnabled: boolean('reminder_2h_enabled').notNull(),
    reminder2hMessage: text('reminder_2h_message').notNull(),
    cancellationMessage: text('cancellation_message').notNull(),
    cancellationPolicy: text('cancellation_policy').notNull(),
    reservationDurationMinutes: integer('reservation_duration_minutes').notNull(),
    autoConfirmationEnabled: boolean('auto_confirmation_enabled').notNull(),
    reservationsPaused: boolean('reservations_paused').notNull(),
    adminEmail: text('admin_email'),
    additionalReportEmail: text('additional_report_email'),
    dailyReportEnabled: boolean('daily_report_enabled').notNull(),
    dailyReportTime: hhmm('daily_report_time').notNull(),
    dailyReportTimezone: text('daily_report_timezone').notNull(),
    /** Kept for the spec's data model; Mesa sends Web Push with its own VAPID keys instead. */
    onesignalAppId: text('onesignal_app_id'),
    logoUrl: text('logo_url'),
    openingTime: hhmm('opening_time').notNull(),
    closingTime: hhmm('closing_time').notNull(),
    welcomeEmailEnabled: boolean('welcome_email_enabled').notNull(),
    welcomeEmailMessage: text('welcome_email_message').notNull(),
    welcomeEmailSubject: text('welcome_email_subject').notNull(),
    reminder24hSubject: text('reminder_24h_subject').notNull(),
    reminder2hSubject: text('reminder_2h_subject').notNull(),
    cancellationSubject: text('cancellation_subject').notNull(),
    contactPhone1: text('contact_phone_1'),
    contactPhone2: text('contact_phone_2'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** Guests may cancel from their private page until this many hours before the start. */
    guestCancelLimitHours: integer('guest_cancel_limit_hours').notNull().default(GUEST_CANCEL_LIMIT_HOURS_DEFAULT),
    /** Postal address, for the calendar invitation's LOCATION; optional. */
    address: text('address'),
    /** Covers pacing: the most people starting within one 30-minute slot; null = no limit. */
    maxCoversPerSlot: integer('max_covers_per_slot'),
    /** Covers pacing: the most people booked for one day; null = no limit. */
    maxCoversPerDay: integer('max_covers_per_day'),
  },
  (t) => [
    check('restaurant_config_singleton', sql`${t.id} = 1`),
    check('restaurant_config_guest_cancel_limit', sql.raw(`guest_cancel_limit_hours between 0 and ${GUEST_CANCEL_LIMIT_HOURS_MAX}`)),
    check('restaurant_config_max_covers_per_slot', sql.raw(`max_covers_per_slot between 1 and ${MAX_COVERS_PER_SLOT_LIMIT}`)),
    check('restaurant_config_max_covers_per_day', sql.raw(`max_covers_per_day between 1 and ${MAX_COVERS_PER_DAY_LIMIT}`)),
    check('restaurant_config_brand_color', sql`${t.brandColor} ~ '^#[0-9a-fA-F]{6}$'`),
    check('restaurant_config_duration', sql`${t.reservationDurationMinutes} in (30, 60, 90, 120)`),
    check('restaurant_config_hours', sql`${t.openingTime} < ${t.closingTime}`),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    attemptTime: instant('attempt_time').notNull().defaultNow(),
    success: boolean('success').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Why a failure happened, e.g. 'unauthorized_admin_access'. */
    reason: text('reason'),
  },
  (t) => [
    index('login_attempts_time_idx').on(t.attemptTime.desc()),
    index('login_attempts_email_time_idx').on(t.email, t.attemptTime),
  ],
);

export const accountLockouts = pgTable(
  'account_lockouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    failedAttempts: integer('failed_attempts').notNull(),
    lockedUntil: instant('locked_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_lockouts_email_key').on(t.email), index('account_lockouts_created_at_idx').on(t.createdAt)],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** A worker's lease on the row while it delivers; expired leases are picked up again. */
    lockedUntil: instant('locked_until'),
    /** The worker holding the lease: restarted, it takes back at once what it held when it died. */
    lockedBy: text('locked_by'),
    sentAt: instant('sent_at'),
    failedAt: instant('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** Files sent with the email, e.g. the .ics of a confirmation. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    /** The link to mint at delivery; the bodies hold its placeholder. */
    link: jsonb('link').$type<OutboxLink>(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null and failed_at is null`),
    index('email_outbox_reservation_id_idx').on(t.reservationId),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: USER_ROLES }).notNull().default('admin'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: instant('last_success_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_id_idx').on(t.userId)],
);

/** Server-generated secrets kept with the data, e.g. the VAPID key pair of Web Push. */
/** The uploaded logo, kept in the database so every instance serves it; logo_url names its hash. */
export const restaurantLogo = pgTable(
  'restaurant_logo',
  {
    id: integer('id').primaryKey().default(1),
    contentType: text('content_type').notNull(),
    data: bytes('data').notNull(),
    sha256: text('sha256').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('restaurant_logo_single_row', sql`${t.id} = 1`)],
);

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Hits per key (limit name + client IP) in the current window of a rate-limited route, so that instances on one
 * PostgreSQL database share the limit (PGlite, one process, counts in memory). UNLOGGED (a custom migration): a counter
 * lost in a crash costs nothing, and a hit then needs no WAL flush.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  resetsAt: instant('resets_at').notNull(),
  count: integer('count').notNull(),
});

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

/** Web Push messages waiting for delivery, written in the transaction of the change that causes them. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    lockedBy: text('locked_by'),
    sentAt: instant('sent_at'),
    failedAt: instant('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null and failed_at is null`)],
);

export const jobRuns = pgTable(
  'job_runs',
  {
    jobName: text('job_name').notNull(),
    /** The scheduled instant this run stands for: the primary key makes a second claim fail. */
    scheduledFor: instant('scheduled_for').notNull(),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    error: text('error'),
    claimedBy: text('claimed_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobName, t.scheduledFor] })],
);

/** One nightly backup: written by the instance that claimed the night, into its own DATA_DIR/backups. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Madrid day this run stands for (its midnight), as claimed in job_runs. */
    scheduledFor: instant('scheduled_for').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    /** host:port of the instance whose DATA_DIR holds the file. */
    instance: text('instance').notNull(),
  },
  (t) => [index('backup_runs_started_at_idx').on(t.startedAt)],
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

export const schema = {
  users,
  userRoles,
  sessions,
  passwordResetTokens,
  reservations,
  consentimientos,
  reservasLogs,
  cookieConsents,
  dateExceptions,
  mondayExceptions,
  operatingHours,
  tables,
  dailyReservationPauses,
  timeBlocks,
  notificationSettings,
  restaurantConfig,
  loginAttempts,
  accountLockouts,
  emailOutbox,
  pushSubscriptions,
  jobRuns,
  appSecrets,
  rateLimitCounters,
  reservationReminders,
  pushOutbox,
  guestAccessTokens,
  backupRuns,
};
