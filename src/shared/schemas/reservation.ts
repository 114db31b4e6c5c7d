import { z } from 'zod';
import { GOOGLE_ORIGIN } from '../routes.ts';
import { noShowRiskSchema } from './no-show-risk.ts';
import {
  ADMIN_PARTY_MAX,
  ALLERGENS,
  ADMIN_PARTY_MIN,
  CALENDAR_MONTH_MAX,
  CALENDAR_MONTH_MIN,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PUBLIC_PARTY_MAX,
  PUBLIC_PARTY_MIN,
  SPECIAL_REQUIREMENT_MAX_LENGTH,
} from '../limits.ts';
import { messages } from '../messages.ts';
import { staffMessages } from '../staff-messages.ts';
import { type FieldTextParam, fieldText } from './guest-field-text.ts';
import { guaranteeSummarySchema } from './guarantee-summary.ts';
import { MESSAGE_CHANNELS } from './messaging.ts';
import { existsInMadrid, isValidDate, isValidTime } from '../rules/madrid-time.ts';
import { isAdminSlot } from '../rules/slots.ts';
import { DAY_CLOSURES } from '../rules/availability.ts';
import { FORM_TOKEN_MAX_LENGTH } from '../rules/bot-check.ts';

type ValidationKey = keyof typeof messages.reservation.validation;
/** The validation texts by key (decision 035): each one a zod error param that names its place in the catalogue. */
const v = Object.fromEntries(
  Object.keys(messages.reservation.validation).map((key) => [key, fieldText(`reservation.validation.${key as ValidationKey}`)]),
) as Record<ValidationKey, FieldTextParam>;

// Letters of any alphabet (accents, ñ), spaces, hyphen, apostrophe and dot.
const NAME_PATTERN = /^[\p{L}\p{M}\s'’.-]+$/u;
const PHONE_PATTERN = /^[\d\s+()-]+$/;
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]{2,}$/;
const FORBIDDEN_IN_NOTES = /[<>{}]/;
// Any name, typed by a guest or by staff: no line breaks, tabs or other controls (a name goes into email headers
// and lists), and no combining mark with no letter under it (it would stack on whatever is drawn before).
const CONTROL_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const ORPHAN_MARK = /(?:^|[^\p{L}\p{M}])\p{M}/u;
const LETTER = /\p{L}/gu;
const DIGIT = /\d/g;

const countOf = (pattern: RegExp, text: string) => text.match(pattern)?.length ?? 0;

/** The rules every name follows; the public form adds its narrower alphabet (NAME_PATTERN). */
const anyNameSchema = z
  .string(v.nameMin)
  .trim()
  .min(NAME_MIN_LENGTH, v.nameMin)
  .max(NAME_MAX_LENGTH, { ...v.nameMax, abort: true })
  .refine((name) => !CONTROL_CHARACTER.test(name) && !ORPHAN_MARK.test(name), v.nameInvalid)
  .refine((name) => countOf(LETTER, name) >= NAME_MIN_LENGTH, v.nameLetters);

export const customerNameSchema = anyNameSchema.regex(NAME_PATTERN, v.nameInvalid);

/** Spaces and punctuation do not make a phone: '--------' is refused. */
const hasPhoneDigits = (phone: string) => countOf(DIGIT, phone) >= PHONE_MIN_LENGTH;

export const customerPhoneSchema = z
  .string(v.phoneMin)
  .transform((phone) => phone.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(PHONE_MIN_LENGTH, v.phoneMin)
      .max(PHONE_MAX_LENGTH, { ...v.phoneMax, abort: true })
      .regex(PHONE_PATTERN, v.phoneInvalid)
      .refine(hasPhoneDigits, v.phoneMin),
  );

export const customerEmailSchema = z
  .string(v.emailInvalid)
  .trim()
  .toLowerCase()
  .min(1, v.emailInvalid)
  .max(EMAIL_MAX_LENGTH, { ...v.emailTooLong, abort: true })
  .pipe(z.email(v.emailInvalid).regex(EMAIL_SHAPE, v.emailFormat));

export const reservationDateSchema = z
  .string(v.dateRequired)
  .min(1, v.dateRequired)
  .refine(isValidDate, v.dateFormat);

export const reservationTimeSchema = z
  .string(v.timeRequired)
  .min(1, v.timeRequired)
  .refine(isValidTime, v.timeFormat);

/** A whole number of people: a JSON number, or the digits a <select> gives; `true`, '' or '1e1' are no party. */
const partySizeSchema = (min: number, max: number, maxMessage: FieldTextParam) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value),
    z.number(v.peopleInvalid).int(v.peopleInvalid).min(min, v.peopleMin).max(max, maxMessage),
  );
export const publicPartySizeSchema = partySizeSchema(PUBLIC_PARTY_MIN, PUBLIC_PARTY_MAX, v.peopleMax);

export const specialRequirementSchema = z
  .string()
  .trim()
  .max(SPECIAL_REQUIREMENT_MAX_LENGTH, { ...v.specialRequirementMax, abort: true })
  .refine((text) => !FORBIDDEN_IN_NOTES.test(text), v.specialRequirementInvalid);

/**
 * The public forms' bot checks (decision 027), optional so that the API stays usable without them. The honeypot
 * (`subject`) is left empty by a person: anything but '' or null counts as filled. The form token is the signed
 * render time GET /api/public/calendar gives: anything unreadable counts as absent, never as an error.
 */
export const botFieldsShape = {
  subject: z.string().nullish().catch('filled').describe('Leave it empty or out: a trap for bots, refused when filled.'),
  formToken: z
    .string()
    .max(FORM_TOKEN_MAX_LENGTH)
    .nullish()
    .catch(undefined)
    .describe("The booking form's `formToken` from GET /api/public/calendar; optional."),
};

/** A guest form's messaging box (issue 46): unticked unless sent as true. */
export const messagingOptInSchema = z.boolean().optional().default(false);

/** The public reservation form, validated identically in the browser and on the server. */
export const publicReservationSchema = z.object({
  ...botFieldsShape,
  /** Generated by the browser: a retried or double-clicked submission names the same reservation. */
  id: z.uuid(),
  customerName: customerNameSchema,
  customerPhone: customerPhoneSchema,
  customerEmail: customerEmailSchema,
  numberOfPeople: publicPartySizeSchema,
  reservationDate: reservationDateSchema,
  reservationTime: reservationTimeSchema,
  specialRequirement: specialRequirementSchema.optional().default(''),
  privacyConsent: z.literal(true, v.consentRequired),
  /**
   * 'Por mesas' with several zones open online (issue 21): the zone the guest would like; '', null or absent, none
   * (the form sends what this schema made of its '': null).
   */
  preferredZoneId: z
    .union([z.uuid(v.zoneInvalid), z.literal('')])
    .nullish()
    .transform((zone) => zone || null),
  /** 'Alergias o intolerancias' (issue 22): kept on the guest's profile for staff, never in an email or a push. */
  allergens: z
    .array(z.enum(ALLERGENS, v.allergensInvalid), v.allergensInvalid)
    .max(ALLERGENS.length, v.allergensInvalid)
    .optional()
    .default([]),
  /** The optional box to get the confirmation and reminder by WhatsApp or SMS (issue 46); ignored when neither is on. */
  messagingOptIn: messagingOptInSchema,
  /**
   * What led the guest to the form, when its address says so (`?utm_source=google`: Google's booking link, decision
   * 050). Any other value is no origin rather than an error: the booking matters more than the statistic.
   */
  origin: z.literal(GOOGLE_ORIGIN).optional().catch(undefined),
});
export type PublicReservationInput = z.input<typeof publicReservationSchema>;
export type PublicReservation = z.output<typeof publicReservationSchema>;

export const createdReservationSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'confirmed']),
  /** The guest's page and its .ics, on a token of their own: only in the answer that created the reservation. */
  managePath: z.string().optional(),
  calendarPath: z.string().optional(),
});
export type CreatedReservation = z.infer<typeof createdReservationSchema>;

/** A request waiting for its card (issue 45): the guest goes to the provider's page; nothing is booked yet. */
export const heldReservationSchema = z.object({
  id: z.string(),
  status: z.literal('awaiting_guarantee'),
  checkoutUrl: z.string(),
  holdUntil: z.string(),
});
export type HeldReservation = z.infer<typeof heldReservationSchema>;

export const availabilityQuerySchema = z.object({ date: reservationDateSchema });

/** GET /api/public/availability/month: a 'YYYY-MM' month and the party the calendar marks full days for. */
export const monthAvailabilityQuerySchema = z.object({
  month: z
    .string(v.monthFormat)
    .max(7, { ...v.monthFormat, abort: true })
    .regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, { ...v.monthFormat, abort: true })
    .refine((month) => month >= CALENDAR_MONTH_MIN && month <= CALENDAR_MONTH_MAX, v.monthRange),
  people: publicPartySizeSchema,
});

/** GET /api/admin/availability/explain: '¿Por qué está completo?' for one party at one time (issue 21). */
export const slotQuestionSchema = z.object({
  date: reservationDateSchema,
  time: z.string().max(5).refine(isValidTime, v.timeRequired),
  people: z.coerce
    .number(v.adminPeopleMax)
    .int(v.adminPeopleMax)
    .min(ADMIN_PARTY_MIN, v.peopleMin)
    .max(ADMIN_PARTY_MAX, v.adminPeopleMax),
});
export type SlotQuestion = z.infer<typeof slotQuestionSchema>;
export interface SlotExplanation {
  available: boolean;
  /** Each rule that stops it, in the staff's words; empty when a guest could book it. */
  reasons: string[];
  /** One line: 'Se puede reservar…' or 'No se puede reservar: …'. */
  summary: string;
}

/** GET /api/public/calendar: which days of the booking window are closed, so the date picker can refuse them. */
export const bookingCalendarSchema = z.object({
  today: z.string(),
  lastDay: z.string(),
  closedDates: z.array(z.string()),
  openedMondays: z.array(z.string()),
  reservationsPaused: z.boolean(),
  /** The channel the form's messaging box offers (issue 46): null, no box. */
  messagingChannel: z.enum(MESSAGE_CHANNELS).nullable(),
  /** The largest party the form takes (issue 50, shared/rules/party-limit.ts); null: no limit. Larger ones call. */
  largestParty: z.number().int().nullable(),
  /** The booking form's signed render time (decision 027); the landing page's server-rendered seed has none. */
  formToken: z.string().optional(),
});
export type BookingCalendar = z.infer<typeof bookingCalendarSchema>;

export const cookieConsentSchema = z.object({
  version: z.string().min(1).max(50),
  preferences: z.object({ necessary: z.literal(true), analytics: z.boolean(), marketing: z.boolean() }),
});
export type CookieConsentInput = z.infer<typeof cookieConsentSchema>;

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export const ARRIVAL_STATUSES = ['pending', 'arrived', 'no_show', 'delayed'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export type ArrivalStatus = (typeof ARRIVAL_STATUSES)[number];
/**
 * Where a reservation came from: the public form, the same form opened from Google's booking link (issue 48, decision
 * 050), staff's manual dialog, or a party seated without one (issue 22).
 */
export const RESERVATION_SOURCES = ['public', 'google', 'admin', 'walk_in'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];
/** The guest's own booking, from the web form whatever led them to it. */
export const isGuestBooking = (source: ReservationSource): boolean => source === 'public' || source === 'google';

/** Who cancelled a reservation: the guest from the self-service page, or staff. */
export const CANCELLED_BY = ['guest', 'staff'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** The guest's other reservations, on each card of the staff lists (issue 11); null when no guest is linked. */
export const guestSummarySchema = z.object({
  id: z.string(),
  visits: z.number(),
  noShows: z.number(),
  cancellations: z.number(),
  /** Cancelled by the guest less than 24 hours before the booking's time (issue 47: the no-show risk). */
  lateCancellations: z.number(),
  /** The guest objected to the no-show risk (GDPR art. 21, decision 043): their bookings carry none. */
  riskObjected: z.boolean(),
  note: z.string().nullable(),
  tags: z.array(z.string()),
  allergens: z.array(z.enum(ALLERGENS)),
});
export type GuestSummary = z.infer<typeof guestSummarySchema>;

/** A reservation as the staff screens see it. */
export const adminReservationSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  customerEmail: z.string().nullable(),
  numberOfPeople: z.number(),
  reservationDate: z.string(),
  reservationTime: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  arrivalStatus: z.enum(ARRIVAL_STATUSES),
  adminNotes: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  source: z.enum(RESERVATION_SOURCES),
  createdAt: z.string(),
  /** Null for an active reservation (and for cancellations made before it was recorded). */
  cancelledBy: z.enum(CANCELLED_BY).nullable().optional(),
  /** Raised by every change: an edit names the revision it was made from, and a stale one is refused (issue 19). */
  revision: z.number(),
  /** Sent with the lists (today, upcoming, pending, history), not with the answer to a single change. */
  guest: guestSummarySchema.nullable().optional(),
  /** An active booking kept on a day or at a time the restaurant has since closed: 'Fuera de horario' (issue 19). */
  outsideHours: z.boolean().optional(),
  /** With the answer to a staff change that 'Deshacer' can take back, until `expiresAt`. */
  undo: z.object({ group: z.string(), expiresAt: z.string() }).optional(),
  /** With the answer to an edit: the floor rules its tables break, or that no table was free for it (issue 21). */
  tableWarnings: z.array(z.string()).optional(),
  /** Sent with the lists: the card in guarantee and its no-show charge (issue 45); null when no card was saved. */
  guarantee: guaranteeSummarySchema.nullable().optional(),
  /** Sent with the lists: a chat with the guest in the staff's WhatsApp (issue 46); null without a mobile number. */
  whatsappUrl: z.string().nullable().optional(),
  /** When the guest answered 'Confirmó asistencia' by WhatsApp or SMS (issue 46); null until then. */
  guestConfirmedAt: z.string().nullable(),
  /** The channel the guest chose for messages (issue 46); null when they chose none. */
  messagingChannel: z.enum(MESSAGE_CHANNELS).nullable(),
  /**
   * Sent with the lists: the no-show risk of a pending or confirmed booking from today on (issue 47, decision 043);
   * null for any other (past, cancelled, completed, arrived, walk-in).
   */
  noShowRisk: noShowRiskSchema.nullable().optional(),
  /** 'Importe de la cuenta' in euro cents (issue 47); null until staff enter it. */
  billCents: z.number().nullable(),
});
export type AdminReservation = z.infer<typeof adminReservationSchema>;
export type UndoTicket = NonNullable<AdminReservation['undo']>;

/** POST /api/admin/reservations/undo: the staff change to take back. */
export const undoRequestSchema = z.object({ group: z.uuid() });

const c = staffMessages.admin.cancelReason;

/**
 * The status the screen showed when staff tapped: a change made from a stale screen (another staff member changed the
 * booking meanwhile) is refused rather than applied on top of theirs.
 */
const seenStatus = { from: z.enum(RESERVATION_STATUSES).optional() };

/** PATCH /api/admin/reservations/:id/status. A cancellation carries a reason, except the upcoming view's 'Rechazar'. */
export const statusChangeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('confirmed'), ...seenStatus }),
  z.object({ status: z.literal('completed'), ...seenStatus }),
  z.object({
    status: z.literal('cancelled'),
    ...seenStatus,
    reason: z.string().trim().max(500).optional(),
    /** 'Rechazar' in the upcoming view asks for no reason; everywhere else one is required. */
    requireReason: z.boolean().default(true),
  }),
]).superRefine((change, ctx) => {
  if (change.status === 'cancelled' && change.requireReason && !change.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: c.requiredDescription });
  }
});
export type StatusChange = z.input<typeof statusChangeSchema>;

export const arrivalChangeSchema = z.object({
  arrivalStatus: z.enum(['arrived', 'no_show', 'delayed']),
  adminNotes: z.string().trim().max(1000).optional(),
});
export type ArrivalChange = z.infer<typeof arrivalChangeSchema>;

const staffErrors = staffMessages.admin.errors;

/** A time staff choose from the half-hour selects of the manual reservation and the pause (08:00-23:30). */
export const adminSlotSchema = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).refine(isAdminSlot, staffErrors.timeNotSlot);

/** A phone staff type: the guest's own spelling, trimmed. */
const staffPhoneSchema = z
  .string(v.phoneMin)
  .trim()
  .min(PHONE_MIN_LENGTH, v.phoneMin)
  .max(PHONE_MAX_LENGTH, { ...v.phoneMax, abort: true })
  .refine(hasPhoneDigits, v.phoneMin);

/** The fields staff fill in for a manual reservation and for 'Editar reserva'. */
export const staffBookingFields = {
  customerName: anyNameSchema,
  customerPhone: staffPhoneSchema,
  customerEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, { ...v.emailTooLong, abort: true })
    .refine((email) => email === '' || EMAIL_SHAPE.test(email), v.emailFormat)
    .nullish()
    .transform((email) => email || null),
  numberOfPeople: partySizeSchema(ADMIN_PARTY_MIN, ADMIN_PARTY_MAX, v.adminPeopleMax),
  reservationDate: reservationDateSchema,
  reservationTime: adminSlotSchema(messages.reservation.validation.timeRequired),
  /** 'Guardar igualmente': staff book into a closed day or time, or past a covers maximum, knowingly. */
  override: z.boolean().default(false),
  notes: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((notes) => notes || null),
};

// Unreachable while the slots start at 08:00 (the gap is 02:00-02:59), kept so the rule does not depend on them.
const existsInMadridRule: [(slot: { reservationDate: string; reservationTime: string }) => boolean, { path: string[]; message: string }] = [
  ({ reservationDate, reservationTime }) =>
    !isValidDate(reservationDate) || !isAdminSlot(reservationTime) || existsInMadrid(reservationDate, reservationTime),
  { path: ['reservationTime'], message: staffErrors.timeNotInMadrid },
];

/** The manual reservation dialog (point 5, 'Manual reservation'). */
export const manualReservationSchema = z
  .object({
    ...staffBookingFields,
    /** 'Guardar igualmente' after the warning that the guest already has a booking then (issue 41, decision 032). */
    confirmDuplicate: z.boolean().optional(),
  })
  .refine(...existsInMadridRule);

/** PATCH /api/admin/reservations/:id: 'Editar reserva' (issue 19). */
export const reservationEditSchema = z
  .object({
    ...staffBookingFields,
    /** The revision the form was filled from: another change since then makes this edit stale (409). */
    revision: z.number().int().min(0),
    /** The tables to seat it at (none: no table); left out, the tables stay as they are. */
    tableIds: z.array(z.uuid()).max(20).optional(),
  })
  .refine(...existsInMadridRule);
export type ReservationEditInput = z.input<typeof reservationEditSchema>;

/** An optional field left empty is absent, whatever spaces it holds. */
export const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** POST /api/admin/walk-ins: a party seated now without a booking (issue 22); name and phone optional. */
export const walkInSchema = z.object({
  numberOfPeople: partySizeSchema(ADMIN_PARTY_MIN, ADMIN_PARTY_MAX, v.adminPeopleMax),
  customerName: z.preprocess(blankAsAbsent, anyNameSchema.optional()),
  customerPhone: z.preprocess(blankAsAbsent, staffPhoneSchema.optional()),
  /** The host's say-so: seat the party even though no table is free (or none fits). */
  withoutTable: z.boolean().default(false),
});
export type WalkInInput = z.input<typeof walkInSchema>;

/** GET /api/admin/walk-ins/proposal?people=N: the table the capacity engine would give a party now. */
export const walkInProposalQuerySchema = z.object({
  people: z.coerce.number().int().min(ADMIN_PARTY_MIN).max(ADMIN_PARTY_MAX),
});
export const walkInProposalSchema = z.object({
  /** False without a table map: the party is seated without a table. */
  hasTables: z.boolean(),
  /** The free table or combination's names, best fit; null when none is free for the party's whole stay. */
  tables: z.array(z.string()).nullable(),
});
export type WalkInProposal = z.infer<typeof walkInProposalSchema>;
/** A walk-in as seated, with its tables' names for the toast. */
export type WalkInSeated = AdminReservation & { tableNames: string[] };
export type ManualReservationInput = z.input<typeof manualReservationSchema>;
/** A manual reservation as created: `pacingWarning` when it passes a covers maximum, `tableWarning` when no table was free (issue 21). */
export type ManualReservationCreated = AdminReservation & { pacingWarning: string | null; tableWarning: string | null };

export const HISTORY_SORT_FIELDS = ['reservation_date', 'reservation_time', 'created_at', 'customer_name'] as const;
export const HISTORY_PAGE_SIZE = 50;

export const historyQuerySchema = z.object({
  from: reservationDateSchema.optional(),
  to: reservationDateSchema.optional(),
  status: z.enum(RESERVATION_STATUSES).optional(),
  arrivalStatus: z.enum(ARRIVAL_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(HISTORY_SORT_FIELDS).default('reservation_date'),
  direction: z.enum(['desc', 'asc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  items: z.array(adminReservationSchema),
  /** At most HISTORY_COUNT_CAP; `totalIsCapped` says that more rows match. */
  total: z.number(),
  totalIsCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

const p = staffMessages.admin.pause;
export const pauseSchema = z
  .object({
    startTime: adminSlotSchema(p.timesRequired),
    endTime: adminSlotSchema(p.timesRequired),
  })
  .refine((pause) => pause.startTime < pause.endTime, { path: ['endTime'], message: p.startBeforeEnd });
export type PauseInput = z.infer<typeof pauseSchema>;

export const todayPauseSchema = z.object({
  pause: z.object({ pauseDate: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
  pausedNow: z.boolean(),
});
export type TodayPause = z.infer<typeof todayPauseSchema>;

/** GET /api/admin/closures/today: every reason today (Madrid) takes no bookings, none when it takes them. */
export const todayClosuresSchema = z.object({ date: z.string(), closures: z.array(z.enum(DAY_CLOSURES)) });
export type TodayClosures = z.infer<typeof todayClosuresSchema>;

/**
 * GET /api/admin/reservations/active: the pending and confirmed bookings of a date, those from `from` (included) to
 * `to` (excluded) when given — what a closure or a time block would hit (issue 19).
 */
/** GET /api/admin/reservations/search: 'Buscar' on Reservas, over today's and the coming days' bookings. */
export const serviceSearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

export const activeReservationsQuerySchema = z
  .object({ date: reservationDateSchema, from: reservationTimeSchema.optional(), to: reservationTimeSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from < query.to, { path: ['to'], message: staffMessages.admin.pause.startBeforeEnd });
export type ActiveReservationsQuery = z.infer<typeof activeReservationsQuerySchema>;

/** Who changed a reservation: a staff account, the guest from the private page, or an API key (issue 48). */
export const CHANGE_ACTORS = ['staff', 'guest', 'api_key'] as const;
export const CHANGE_ACTIONS = ['created', 'status', 'arrival', 'edited', 'undone'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** One line of a reservation's 'Historial de cambios' (issue 19): each changed field, before → after. */
export const reservationChangeSchema = z.object({
  at: z.string(),
  actor: z.enum(CHANGE_ACTORS),
  /** The staff account's email when the change was made; null for the guest and an API key. */
  actorEmail: z.string().nullable(),
  /** The API key's name when it made the change (issue 48); null for anyone else. */
  apiKeyName: z.string().nullable(),
  action: z.enum(CHANGE_ACTIONS),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  /** Saved anyway, past a closed day or time ('Guardar igualmente'). */
  override: z.boolean(),
});
export type ReservationChange = z.infer<typeof reservationChangeSchema>;

/**
 * The query of a change that may close days or hours (block a day, a weekday's hours, removing a Monday exception):
 * `preview=1` lists the active bookings it would leave outside the hours and saves nothing; `cancelReason` saves it
 * and cancels them with that reason; neither saves it and keeps them ('Fuera de horario').
 */
export const closureEffectsQuerySchema = z.object({
  preview: z.literal('1').optional(),
  cancelReason: z.string().trim().min(1, c.requiredDescription).max(500).optional(),
});
export const closurePreviewSchema = z.object({ affected: z.array(adminReservationSchema) });
export type ClosurePreview = z.infer<typeof closurePreviewSchema>;

export const blockDaySchema = z.object({
  date: reservationDateSchema,
  reason: z.string().trim().max(200).optional(),
});

export const blockedDaySchema = z.object({
  id: z.string(),
  date: z.string(),
  reason: z.string().nullable(),
  /** With the answer to blocking it: the active bookings it hit, kept or cancelled (issue 19). */
  affected: z.array(adminReservationSchema).optional(),
});
export type BlockedDay = z.infer<typeof blockedDaySchema>;
