// The business constants and limits of spec point 9 (plus the few numeric facts of point 3).
// One place for each fact: schemas, rules, server and web read them from here.

// Time
export const BUSINESS_TIME_ZONE = 'Europe/Madrid';
/** 0 Sunday … 6 Saturday, as in operating_hours.day_of_week. */
export const CLOSED_WEEKDAY = 1; // Monday, unless a monday_exceptions row opens that date
export const SLOT_MINUTES = 30;
/** Manual reservations and pauses offer these half-hour slots, both ends included. */
export const ADMIN_SLOTS_START = '08:00';
export const ADMIN_SLOTS_END = '23:30';
/** Times the server accepts for a public reservation (per the server's own error message). */
export const SERVER_TIME_MIN = '08:00';
export const SERVER_TIME_MAX = '23:00';

// Fixed opening hours displayed to guests (footer): 13:00-18:00
export const DISPLAYED_OPENING_TIME = '13:00';
export const DISPLAYED_CLOSING_TIME = '18:00';

// Party size
export const PUBLIC_PARTY_MIN = 1;
export const PUBLIC_PARTY_MAX = 12;
export const PUBLIC_PARTY_DEFAULT = 2;
export const ADMIN_PARTY_MIN = 1;
export const ADMIN_PARTY_MAX = 30;
export const ADMIN_PARTY_DEFAULT = 2;

// Booking
/** Public booking window: today (Madrid) to today + 90 days, both included. */
export const BOOKING_WINDOW_DAYS = 90;
/** The months the booking calendar answers about ('YYYY-MM'); any other is a 400 (issue 41). */
export const CALENDAR_MONTH_MIN = '2000-01';
export const CALENDAR_MONTH_MAX = '2100-12';
export const MAX_RESERVATIONS_PER_EMAIL_PER_DAY = 3;
/** 'Conservación de datos' (issue 24): months after the visit before personal data is anonymised or removed. */
export const RETENTION_DEFAULTS = { reservationMonths: 24, cancelledMonths: 6, allergenMonths: 12 } as const;
export const RETENTION_MONTHS_MAX = 120;
/** The nightly retention run, Madrid time: after the night's backup window has begun, before the first service. */
export const RETENTION_RUN_TIME = '04:30';
/** The waitlist (issue 23): a guest email holds at most this many entries per date, as it may bookings. */
export const MAX_WAITLIST_ENTRIES_PER_EMAIL_PER_DAY = 3;
/** How long an offer of a freed place holds it for the party it was offered to. */
export const WAITLIST_HOLD_MINUTES = 15;
/** How long the confirmation link of a guest's 'Borrar mis datos' works (issue 24). */
export const ERASURE_LINK_HOURS = 24;
/** 'Descargar mis datos' and 'Borrar mis datos' emails one reservation may ask for within an hour, each. */
export const GUEST_DATA_REQUESTS_PER_HOUR = 3;
/** The longest wait staff may quote a party at the door. */
export const WAITLIST_QUOTED_WAIT_MAX_MINUTES = 240;
export const RESERVATION_DURATIONS = [30, 60, 90, 120] as const;
/** The customer's special requirement is stored in admin_notes behind this marker. */
export const CLIENT_NOTE_PREFIX = '[Cliente]';

// Field lengths (the admin manual reservation uses the same minimums, without maximums)
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MIN_LENGTH = 8;
export const PHONE_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 255;
export const SPECIAL_REQUIREMENT_MAX_LENGTH = 200;
/** The characters the special requirements may not hold (spec point 9), as the form's note under the error shows them. */
export const SPECIAL_REQUIREMENT_FORBIDDEN_SHOWN = '< > { }';

// Tables
export const TABLE_SEATS_MIN = 1;
export const TABLE_SEATS_MAX = 8;
export const TABLE_SEATS_DEFAULT = 4;
export const TABLE_ROTATION_MIN = 0;
export const TABLE_ROTATION_MAX = 360;
export const TABLE_ROTATION_STEP = 15;
export const TABLE_ROTATION_DEFAULT = 0;
export const TABLE_SIZE_PX = 68;
export const TABLE_EDGE_MARGIN_PX = 10;
export const TABLE_SHAPES = ['square', 'circle'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];
export const NEW_TABLE_SHAPE: TableShape = 'square';
export const NEW_TABLE_ACTIVE = true;
/** A new table is placed at 50 + 20 × its number on both axes. */
export const NEW_TABLE_POSITION_BASE = 50;
export const NEW_TABLE_POSITION_STEP = 20;
/** A new table stands at least this far from every other: staff see it apart, never touching one (issue 50). */
export const NEW_TABLE_GAP_PX = 20;

// Debounce
export const OPENING_HOURS_DEBOUNCE_MS = 800;
export const SETTINGS_DEBOUNCE_MS = 500; // message templates and settings edits
export const DEFAULT_DEBOUNCE_MS = 300;

// Login security
/** The failed sign-ins within LOCKOUT_MINUTES that lock an account. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;
/** How long the sign-in's second step waits after a right password (issue 44). */
export const SIGN_IN_CHALLENGE_MINUTES = 5;
/** How long a typed password (at sign-in or in 'Confirma tu contraseña') allows the owner's sensitive changes. */
export const RECENT_SIGN_IN_MINUTES = 10;
export const FAILED_ATTEMPT_WINDOW_HOURS = 24;

// API keys (issue 48, decision 049)
/** Requests one API key may make per minute on /api/v1, counted across every instance (platform/rate-limit.ts). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
/** 'Último uso' is written at most once per this many seconds per key, not on every request. */
export const API_KEY_LAST_USED_EVERY_SECONDS = 60;
/** GET /api/v1/reservations: the longest from-to period, both ends included (a quarter). */
export const API_RESERVATIONS_RANGE_DAYS_MAX = 92;
/** GET /api/v1/reservations: rows per page by default, and at most. */
export const API_PAGE_SIZE_DEFAULT = 100;
export const API_PAGE_SIZE_MAX = 500;
export const LOGIN_HISTORY_ROWS = 20;
export const LOGIN_HISTORY_ALL_ROWS = 100;

// Reservation history: the total of a filter is counted up to this many rows ("Más de 10.000" beyond); counting
// all of a million rows took 0.3-0.9 s on PostgreSQL (PERFORMANCE.md, staff reads).
export const HISTORY_COUNT_CAP = 10_000;
/** 'Buscar' on Reservas (issue 22): today's and the coming days' bookings it lists at most, soonest first. */
export const SERVICE_SEARCH_MAX = 50;

/** 'Confirmar todas' (issue 52, decision 064): the requests one batch confirms at most, in one transaction. */
export const CONFIRM_ALL_MAX = 100;

// Refresh and polling
export const TODAY_REFETCH_INTERVAL_MS = 30_000;

/** 'Deshacer' (issue 19): offered this long after a staff change. */
export const UNDO_WINDOW_MS = 10_000;
/** The server still takes an undo this much later: the tap may spend that long reaching it. */
export const UNDO_GRACE_MS = 5_000;
/** A guest email caused by a staff change waits this long in the outbox, past the window and its grace. */
export const UNDO_EMAIL_HOLD_MS = 20_000;
export const TODAY_STALE_TIME_MS = 0;
export const TODAY_CACHE_TIME_MS = 5 * 60_000;
export const PENDING_COUNT_POLL_MS = 5_000;
export const CLOCK_TICK_MS = 60_000;
export const DEFAULT_QUERY_STALE_TIME_MS = 5 * 60_000;
export const DEFAULT_QUERY_RETRY = 1;

// Browser UI
export const INSTALL_PROMPT_DISMISS_DAYS = 7;

// Consent
export const CONSENT_POLICY_VERSION = 'v1.0 - 21/09/2025';
export const COOKIE_CONSENT_STORAGE_KEY = 'gdpr-consent';

// Notifications and reports
export const REMINDER_24H_HOURS = 24;
export const REMINDER_2H_HOURS = 2;
export const DEFAULT_REPORT_TIME = '12:00';

/** Time zones offered for the daily report; labels are shown in the Spanish interface. */
export const REPORT_TIME_ZONES = [
  { value: 'Europe/Madrid', label: 'Madrid' },
  { value: 'Europe/London', label: 'Londres' },
  { value: 'Europe/Paris', label: 'París' },
  { value: 'Europe/Berlin', label: 'Berlín' },
  { value: 'Europe/Rome', label: 'Roma' },
  { value: 'America/New_York', label: 'Nueva York' },
  { value: 'America/Chicago', label: 'Chicago' },
  { value: 'America/Los_Angeles', label: 'Los Ángeles' },
  { value: 'America/Mexico_City', label: 'Ciudad de México' },
  { value: 'America/Bogota', label: 'Bogotá' },
  { value: 'America/Lima', label: 'Lima' },
  { value: 'America/Argentina/Buenos_Aires', label: 'Buenos Aires' },
  { value: 'America/Sao_Paulo', label: 'São Paulo' },
  { value: 'Asia/Tokyo', label: 'Tokio' },
  { value: 'Asia/Shanghai', label: 'Shanghái' },
  { value: 'Asia/Dubai', label: 'Dubái' },
  { value: 'Australia/Sydney', label: 'Sídney' },
] as const;
export const REPORT_TIME_ZONE_VALUES = REPORT_TIME_ZONES.map((zone) => zone.value) as readonly (typeof REPORT_TIME_ZONES)[number]['value'][];

// Logo upload (Configuración › General): raster images only, since an SVG can carry script.
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

// The four test buttons of Notificaciones › Pruebas.
export const NOTIFICATION_TEST_KINDS = ['confirmation', 'reminder24h', 'reminder2h', 'cancellation'] as const;
export type NotificationTestKind = (typeof NOTIFICATION_TEST_KINDS)[number];

// Guest self-service (issue 11)
/** Guests may cancel from their private link until this many hours before the start (Configuración › Reservas). */
export const GUEST_CANCEL_LIMIT_HOURS_DEFAULT = 2;
export const GUEST_CANCEL_LIMIT_HOURS_MIN = 0;
export const GUEST_CANCEL_LIMIT_HOURS_MAX = 72;
/** Random bytes of a guest link token (256 bits). */
export const GUEST_TOKEN_BYTES = 32;

// Covers pacing (issue 11): off while null; the most people starting in one 30-minute slot and in one day.
export const PACING_SLOT_MINUTES = 30;
export const MAX_COVERS_PER_SLOT_LIMIT = 500;
export const MAX_COVERS_PER_DAY_LIMIT = 5000;

// Guest history (issue 11): one permanent staff note per guest.
export const GUEST_NOTE_MAX = 1000;
/** 'Importe de la cuenta' (issue 47): a bill in cents, up to 100,000 €. */
export const BILL_CENTS_MAX = 10_000_000;
/** Feedback after the visit (issue 47). */
export const FEEDBACK_COMMENT_MAX = 2000;
export const FEEDBACK_LINK_DAYS = 14;
export const FEEDBACK_DELAY_HOURS_DEFAULT = 20;
export const FEEDBACK_DELAY_HOURS_MIN = 1;
export const FEEDBACK_DELAY_HOURS_MAX = 72;
export const GOOGLE_REVIEW_URL_MAX = 500;
/** The 14 allergens of Annex II of EU Regulation 1169/2011, in its order (issue 22); their names in messages.ts. */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
/** The guest tags a fresh install offers; the owner edits the list in Configuración. */
export const DEFAULT_GUEST_TAGS = ['VIP', 'Habitual', 'Prensa', 'Cumpleaños'] as const;
export const GUEST_TAG_MAX_LENGTH = 30;
/** Tags the owner may offer, and tags one guest may carry. */
export const GUEST_TAG_OPTIONS_MAX = 20;

/** How Mesa talks to the SMTP server set in Configuración › Correo saliente. */
export const MAIL_SECURITY_MODES = ['starttls', 'tls', 'none'] as const;
export type MailSecurityMode = (typeof MAIL_SECURITY_MODES)[number];

/** The set-up checklist's steps on Reservas (issue 20), in the order shown. */
export const SETUP_STEPS = ['identity', 'adminEmail', 'phones', 'address', 'hours', 'tables', 'legal', 'push', 'email'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/**
 * The staff's 'Nueva reserva' email (issue 52, decision 067): one per request, one summary an hour listing the hour's
 * requests, or none (the daily report lists them).
 */
export const NEW_REQUEST_EMAIL_MODES = ['each', 'hourly', 'daily'] as const;
export type NewRequestEmailMode = (typeof NEW_REQUEST_EMAIL_MODES)[number];

/** How availability is counted (issue 21): 'covers' is the spec's rule with covers pacing, 'tables' the floor's. */
export const CAPACITY_MODES = ['covers', 'tables'] as const;
export type CapacityMode = (typeof CAPACITY_MODES)[number];
/** Turn times by party size (1-2, 3-4, 5-6, 7+), in minutes; each from 30 minutes to 6 hours, in steps of 15. */
export const TURN_MINUTES_DEFAULTS = { upTo2: 90, upTo4: 105, upTo6: 120, more: 150 } as const;
export const TURN_MINUTES_MIN = 30;
export const TURN_MINUTES_MAX = 360;
/** A combination joins 2 to 4 tables and seats up to 30. */
export const COMBINATION_TABLES_MAX = 4;
export const COMBINATION_PARTY_MAX = 30;
/** The zones a fresh install has, in order. */
export const DEFAULT_ZONES = ['Sala', 'Terraza', 'Barra'] as const;
