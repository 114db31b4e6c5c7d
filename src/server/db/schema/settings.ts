// The restaurant's configuration, its notification switches and its logo.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TemplateTranslations } from '@shared/i18n/guest-email-texts.ts';
import { type CardGuaranteeRules, DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { CAPACITY_MODES, NEW_REQUEST_EMAIL_MODES, DEFAULT_GUEST_TAGS, MAIL_SECURITY_MODES, TURN_MINUTES_DEFAULTS, TURN_MINUTES_MAX, TURN_MINUTES_MIN, GUEST_CANCEL_LIMIT_HOURS_DEFAULT, GUEST_CANCEL_LIMIT_HOURS_MAX, MAX_COVERS_PER_DAY_LIMIT, MAX_COVERS_PER_SLOT_LIMIT, RETENTION_DEFAULTS, RETENTION_MONTHS_MAX, FEEDBACK_DELAY_HOURS_DEFAULT, FEEDBACK_DELAY_HOURS_MAX, FEEDBACK_DELAY_HOURS_MIN, GOOGLE_REVIEW_URL_MAX } from '@shared/limits.ts';
import { bytes, hhmm, instant, oneOf } from './columns.ts';

/** Single-row tables carry id 1 and a check, so a second row cannot appear. */
const singletonId = () => integer('id').primaryKey().default(1);

export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: singletonId(),
    pushNotificationsEnabled: boolean('push_notifications_enabled').notNull().default(false),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    reminderNotificationsEnabled: boolean('reminder_notifications_enabled').notNull().default(true),
    /** Issue 52: the staff's 'Nueva reserva' email, for each request, as an hourly summary or only in the daily report. */
    newRequestEmailMode: text('new_request_email_mode', { enum: NEW_REQUEST_EMAIL_MODES }).notNull().default('each'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('notification_settings_singleton', sql`${t.id} = 1`),
    check('notification_settings_new_request_email_mode', oneOf('new_request_email_mode', NEW_REQUEST_EMAIL_MODES)),
  ],
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
    /** The templates' wording per other language, as staff edited it (issue 26); Spanish is in the columns above. */
    templateTranslations: jsonb('template_translations').$type<TemplateTranslations>().notNull().default({}),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** Guests may cancel from their private page until this many hours before the start. */
    guestCancelLimitHours: integer('guest_cancel_limit_hours').notNull().default(GUEST_CANCEL_LIMIT_HOURS_DEFAULT),
    /** Postal address, for the calendar invitation's LOCATION; optional. */
    address: text('address'),
    /** Covers pacing: the most people starting within one 30-minute slot; null = no limit. */
    maxCoversPerSlot: integer('max_covers_per_slot'),
    /** Covers pacing: the most people booked for one day; null = no limit. */
    maxCoversPerDay: integer('max_covers_per_day'),
    /** The owner's identification in the legal documents (LSSI-CE art. 10); each optional until set. */
    legalName: text('legal_name'),
    legalNif: text('legal_nif'),
    legalAddress: text('legal_address'),
    legalEmail: text('legal_email'),
    /** The set-up checklist on Reservas (issue 20): steps the owner set aside, and the whole card hidden. */
    setupSkippedSteps: text('setup_skipped_steps').array().notNull().default(sql`'{}'::text[]`),
    setupChecklistHidden: boolean('setup_checklist_hidden').notNull().default(false),
    /**
     * The sites that may frame /reservar (issue 52, decision 069), set by the owner in Configuración › General as CSP
     * sources; EMBED_ORIGINS, when set, wins over them.
     */
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
    /** Issue 21: 'covers' (the spec's rule and covers pacing) or 'tables' (the floor decides). */
    capacityMode: text('capacity_mode', { enum: CAPACITY_MODES }).notNull().default('covers'),
    /** Turn times by party size, in minutes: how long a booking holds its tables in 'tables' mode. */
    turnMinutesUpTo2: integer('turn_minutes_up_to_2').notNull().default(TURN_MINUTES_DEFAULTS.upTo2),
    turnMinutesUpTo4: integer('turn_minutes_up_to_4').notNull().default(TURN_MINUTES_DEFAULTS.upTo4),
    turnMinutesUpTo6: integer('turn_minutes_up_to_6').notNull().default(TURN_MINUTES_DEFAULTS.upTo6),
    turnMinutesMore: integer('turn_minutes_more').notNull().default(TURN_MINUTES_DEFAULTS.more),
    /** 'Conservación de datos' (issue 24), in months after the visit. */
    retentionReservationMonths: integer('retention_reservation_months').notNull().default(RETENTION_DEFAULTS.reservationMonths),
    retentionCancelledMonths: integer('retention_cancelled_months').notNull().default(RETENTION_DEFAULTS.cancelledMonths),
    retentionAllergenMonths: integer('retention_allergen_months').notNull().default(RETENTION_DEFAULTS.allergenMonths),
    /** The tags staff may give a guest (issue 22). */
    guestTagOptions: text('guest_tag_options')
      .array()
      .notNull()
      .default(sql.raw(`array[${DEFAULT_GUEST_TAGS.map((tag) => `'${tag}'`).join(', ')}]::text[]`)),
    /** 'Garantía con tarjeta' (issue 45): which bookings need a card and what it answers for. */
    cardGuarantee: jsonb('card_guarantee').$type<CardGuaranteeRules>().notNull().default(DEFAULT_CARD_GUARANTEE_RULES),
    /** Feedback after the visit (issue 47): asked this many hours after the booking's time; the Google review page. */
    feedbackEnabled: boolean('feedback_enabled').notNull().default(true),
    feedbackDelayHours: integer('feedback_delay_hours').notNull().default(FEEDBACK_DELAY_HOURS_DEFAULT),
    googleReviewUrl: text('google_review_url'),
  },
  (t) => [
    check('restaurant_config_singleton', sql`${t.id} = 1`),
    check('restaurant_config_feedback_delay', sql.raw(`feedback_delay_hours between ${FEEDBACK_DELAY_HOURS_MIN} and ${FEEDBACK_DELAY_HOURS_MAX}`)),
    check('restaurant_config_google_review_url', sql.raw(`char_length(google_review_url) <= ${GOOGLE_REVIEW_URL_MAX}`)),
    check('restaurant_config_guest_cancel_limit', sql.raw(`guest_cancel_limit_hours between 0 and ${GUEST_CANCEL_LIMIT_HOURS_MAX}`)),
    check('restaurant_config_max_covers_per_slot', sql.raw(`max_covers_per_slot between 1 and ${MAX_COVERS_PER_SLOT_LIMIT}`)),
    check('restaurant_config_max_covers_per_day', sql.raw(`max_covers_per_day between 1 and ${MAX_COVERS_PER_DAY_LIMIT}`)),
    check('restaurant_config_brand_color', sql`${t.brandColor} ~ '^#[0-9a-fA-F]{6}$'`),
    check('restaurant_config_duration', sql`${t.reservationDurationMinutes} in (30, 60, 90, 120)`),
    check('restaurant_config_hours', sql`${t.openingTime} < ${t.closingTime}`),
    check('restaurant_config_capacity_mode', oneOf('capacity_mode', CAPACITY_MODES)),
    check(
      'restaurant_config_retention',
      sql.raw(['reservation', 'cancelled', 'allergen'].map((kind) => `retention_${kind}_months between 1 and ${RETENTION_MONTHS_MAX}`).join(' and ')),
    ),
    check(
      'restaurant_config_turn_minutes',
      sql.raw(
        ['up_to_2', 'up_to_4', 'up_to_6', 'more']
          .map((size) => `turn_minutes_${size} between ${TURN_MINUTES_MIN} and ${TURN_MINUTES_MAX}`)
          .join(' and '),
      ),
    ),
  ],
);

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

/**
 * 'Correo saliente' (issue 20): the SMTP server set in the browser. SMTP_URL, when set, wins over it. The password
 * is AES-256-GCM ciphertext under a key kept outside the database (SECRETS_KEY or DATA_DIR/secrets-key).
 */
export const mailSettings = pgTable(
  'mail_settings',
  {
    id: singletonId(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    security: text('security', { enum: MAIL_SECURITY_MODES }).notNull(),
    username: text('username'),
    passwordCiphertext: text('password_ciphertext'),
    sender: text('sender').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('mail_settings_singleton', sql`${t.id} = 1`),
    check('mail_settings_port', sql`${t.port} between 1 and 65535`),
  ],
);
