import { z } from 'zod';
import { GOOGLE_ORIGIN } from '../routes.ts';
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
import { type FieldTextParam, fieldText } from './guest-field-text.ts';
import { MESSAGE_CHANNELS } from './messaging.ts';
import { isValidDate, isValidTime } from '../rules/madrid-time.ts';
import { FORM_TOKEN_MAX_LENGTH } from '../rules/bot-check.ts';

type ValidationKey = keyof typeof messages.reservation.validation;
/** The validation texts by key (decision 035): each one a zod error param that names its place in the catalogue. */
export const reservationValidation = Object.fromEntries(
  Object.keys(messages.reservation.validation).map((key) => [key, fieldText(`reservation.validation.${key as ValidationKey}`)]),
) as Record<ValidationKey, FieldTextParam>;
const v = reservationValidation;

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
export const anyNameSchema = z
  .string(v.nameMin)
  .trim()
  .min(NAME_MIN_LENGTH, v.nameMin)
  .max(NAME_MAX_LENGTH, { ...v.nameMax, abort: true })
  .refine((name) => !CONTROL_CHARACTER.test(name) && !ORPHAN_MARK.test(name), v.nameInvalid)
  .refine((name) => countOf(LETTER, name) >= NAME_MIN_LENGTH, v.nameLetters);

export const customerNameSchema = anyNameSchema.regex(NAME_PATTERN, v.nameInvalid);

/** Spaces and punctuation do not make a phone: '--------' is refused. */
export const hasPhoneDigits = (phone: string) => countOf(DIGIT, phone) >= PHONE_MIN_LENGTH;

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
export const partySizeSchema = (min: number, max: number, maxMessage: FieldTextParam) =>
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

/**
 * Who asks, for how many, on which date and at what time: the fields both public forms take (the booking and the
 * waitlist's join). `id` is generated by the browser: a retried or double-clicked submission names the same record.
 */
export const guestRequestShape = {
  id: z.uuid(),
  customerName: customerNameSchema,
  customerPhone: customerPhoneSchema,
  customerEmail: customerEmailSchema,
  numberOfPeople: publicPartySizeSchema,
  reservationDate: reservationDateSchema,
  reservationTime: reservationTimeSchema,
};

/** The public reservation form, validated identically in the browser and on the server. */
export const publicReservationSchema = z.object({
  ...botFieldsShape,
  ...guestRequestShape,
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
