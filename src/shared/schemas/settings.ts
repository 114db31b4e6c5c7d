import { z } from 'zod';
import { TRANSLATED_LANGUAGES } from '../i18n/languages.ts';
import {
  CAPACITY_MODES,
  NEW_REQUEST_EMAIL_MODES,
  TURN_MINUTES_MAX,
  TURN_MINUTES_MIN,
  EMAIL_MAX_LENGTH,
  FEEDBACK_DELAY_HOURS_MAX,
  FEEDBACK_DELAY_HOURS_MIN,
  GOOGLE_REVIEW_URL_MAX,
  GUEST_CANCEL_LIMIT_HOURS_MAX,
  GUEST_CANCEL_LIMIT_HOURS_MIN,
  MAX_COVERS_PER_DAY_LIMIT,
  MAX_COVERS_PER_SLOT_LIMIT,
  NOTIFICATION_TEST_KINDS,
  PHONE_MAX_LENGTH,
  REPORT_TIME_ZONE_VALUES,
  RESERVATION_DURATIONS,
  RETENTION_MONTHS_MAX,
} from '../limits.ts';
import { formatMessage, messages } from '../messages.ts';
import { staffMessages } from '../staff-messages.ts';
import { feedbackStaffMessages } from '../staff-messages/feedback.ts';
import { mondayExceptionsMessages, settingsMessages } from '../staff-messages/settings.ts';
import { dayOfWeek, isValidDate, isValidTime } from '../rules/madrid-time.ts';
import { isValidNif, normaliseNif } from '../rules/nif.ts';
import { EMAIL_SHAPE } from './reservation.ts';
import { guestTagListSchema } from './guest.ts';
import { publicCardGuaranteeSchema } from './card-guarantee.ts';

/** One weekday's opening hours (operating_hours without its id). */
export const weekdayHoursSchema = z.object({
  dayOfWeek: z.number(),
  isOpen: z.boolean(),
  openTime: z.string(),
  closeTime: z.string(),
  breakStartTime: z.string().nullable(),
  breakEndTime: z.string().nullable(),
});

/** What the public landing page needs from restaurant_config and the weekly hours: nothing private. */
export const publicSettingsSchema = z.object({
  name: z.string(),
  welcomeMessage: z.string(),
  brandColor: z.string(),
  logoUrl: z.string().nullable(),
  openingTime: z.string(),
  closingTime: z.string(),
  contactPhone1: z.string().nullable(),
  contactPhone2: z.string().nullable(),
  address: z.string().nullable(),
  cancellationPolicy: z.string(),
  /** 'Confirmación automática': the footer then says bookings are confirmed at once (issue 50). */
  autoConfirmationEnabled: z.boolean(),
  /** The seven weekdays, Sunday first; a weekday without a row opens at openingTime-closingTime, as bookings do. */
  weeklyHours: z.array(weekdayHoursSchema),
  /**
   * The two texts above in each other guest language (issue 26): staff's wording, else the shipped translation of
   * the default, else the Spanish text, flagged `…InSpanish` so the page adds a note (issue 50, item 6).
   */
  otherLanguages: z.record(
    z.enum(TRANSLATED_LANGUAGES),
    z.object({ welcomeMessage: z.string(), welcomeInSpanish: z.boolean(), cancellationPolicy: z.string(), policyInSpanish: z.boolean() }),
  ),
  /** 'Garantía con tarjeta' (issue 45): the rules while they are on and 'Pagos' has a provider; null otherwise. */
  cardGuarantee: publicCardGuaranteeSchema.nullable(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

const sv = settingsMessages.validation;
/** The longest template text and email subject, in Spanish and in every other language. */
export const TEMPLATE_MAX = 2000;
export const SUBJECT_MAX = 200;

const text = (max: number) => z.string().trim().min(1, sv.textRequired).max(max, sv.textTooLong);
const hhmm = z.string().refine(isValidTime, sv.timeInvalid);
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { message: sv.textTooLong, abort: true })
  .refine((email) => email === '' || EMAIL_SHAPE.test(email), messages.reservation.validation.emailFormat)
  .transform((email) => email || null)
  .nullable();
const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, { message: messages.reservation.validation.phoneMax, abort: true })
  .refine((phone) => phone === '' || /^[\d\s+()-]{8,20}$/.test(phone), sv.phoneInvalid)
  .transform((phone) => phone || null)
  .nullable();
const fv = feedbackStaffMessages.validation;
const isHttpsUrl = (value: string) => URL.canParse(value) && new URL(value).protocol === 'https:' && !/\s/.test(value);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, sv.textTooLong)
    .transform((value) => value || null)
    .nullable();
const turnMinutes = z
  .number({ error: sv.turnMinutesInvalid })
  .int(sv.turnMinutesInvalid)
  .min(TURN_MINUTES_MIN, sv.turnMinutesInvalid)
  .max(TURN_MINUTES_MAX, sv.turnMinutesInvalid)
  .refine((minutes) => minutes % 15 === 0, sv.turnMinutesInvalid);
/** 'Conservación de datos' (issue 24): whole months, 1 to 10 years. */
const retentionMonths = z
  .number({ error: sv.retentionMonthsInvalid })
  .int(sv.retentionMonthsInvalid)
  .min(1, sv.retentionMonthsInvalid)
  .max(RETENTION_MONTHS_MAX, sv.retentionMonthsInvalid);
/** A covers-pacing maximum: a whole number of people, or null for no limit. */
const optionalCoversMax = (max: number) => {
  const message = formatMessage(messages.pacing.maxInvalid, { max });
  return z.number({ error: message }).int(message).min(1, message).max(max, message).nullable();
};

/** Every owner-editable field of restaurant_config with its rule; a PATCH sends any subset. */
export const settingsFieldsSchema = z.object({
  name: z.string().trim().min(1, sv.nameRequired).max(100, sv.textTooLong),
  brandColor: z.string().max(7, { message: sv.colorInvalid, abort: true }).regex(/^#[0-9a-f]{6}$/i, sv.colorInvalid),
  welcomeMessage: text(TEMPLATE_MAX),
  confirmationMessage: text(TEMPLATE_MAX),
  autoConfirmationMessage: text(TEMPLATE_MAX),
  reminder24hEnabled: z.boolean(),
  reminder24hMessage: text(TEMPLATE_MAX),
  reminder2hEnabled: z.boolean(),
  reminder2hMessage: text(TEMPLATE_MAX),
  cancellationMessage: text(TEMPLATE_MAX),
  cancellationPolicy: text(TEMPLATE_MAX),
  reservationDurationMinutes: z
    .number()
    .refine((minutes) => (RESERVATION_DURATIONS as readonly number[]).includes(minutes), sv.durationInvalid),
  autoConfirmationEnabled: z.boolean(),
  reservationsPaused: z.boolean(),
  adminEmail: optionalEmail,
  additionalReportEmail: optionalEmail,
  dailyReportEnabled: z.boolean(),
  dailyReportTime: hhmm,
  dailyReportTimezone: z.string().refine((zone) => REPORT_TIME_ZONE_VALUES.includes(zone as never), sv.timeZoneInvalid),
  openingTime: hhmm,
  closingTime: hhmm,
  welcomeEmailEnabled: z.boolean(),
  welcomeEmailMessage: text(TEMPLATE_MAX),
  welcomeEmailSubject: text(SUBJECT_MAX),
  reminder24hSubject: text(SUBJECT_MAX),
  reminder2hSubject: text(SUBJECT_MAX),
  cancellationSubject: text(SUBJECT_MAX),
  contactPhone1: optionalPhone,
  contactPhone2: optionalPhone,
  guestCancelLimitHours: z
    .number({ error: sv.guestCancelLimitInvalid })
    .int(sv.guestCancelLimitInvalid)
    .min(GUEST_CANCEL_LIMIT_HOURS_MIN, sv.guestCancelLimitInvalid)
    .max(GUEST_CANCEL_LIMIT_HOURS_MAX, sv.guestCancelLimitInvalid),
  maxCoversPerSlot: optionalCoversMax(MAX_COVERS_PER_SLOT_LIMIT),
  maxCoversPerDay: optionalCoversMax(MAX_COVERS_PER_DAY_LIMIT),
  /** Shown in the calendar invitation (LOCATION); optional. */
  address: optionalText(300),
  legalName: optionalText(200),
  legalNif: z
    .string()
    .max(30, { message: sv.nifInvalid, abort: true })
    .transform(normaliseNif)
    .refine((nif) => nif === '' || isValidNif(nif), sv.nifInvalid)
    .transform((nif) => nif || null)
    .nullable(),
  legalAddress: optionalText(300),
  legalEmail: optionalEmail,
  capacityMode: z.enum(CAPACITY_MODES, { error: sv.capacityModeInvalid }),
  turnMinutesUpTo2: turnMinutes,
  turnMinutesUpTo4: turnMinutes,
  turnMinutesUpTo6: turnMinutes,
  turnMinutesMore: turnMinutes,
  guestTagOptions: guestTagListSchema(sv.guestTagOptionsInvalid),
  retentionReservationMonths: retentionMonths,
  retentionCancelledMonths: retentionMonths,
  retentionAllergenMonths: retentionMonths,
  /** Feedback after the visit (issue 47): the request's switch, its delay, and the review page offered after it. */
  feedbackEnabled: z.boolean(),
  feedbackDelayHours: z
    .number({ error: fv.delay })
    .int(fv.delay)
    .min(FEEDBACK_DELAY_HOURS_MIN, fv.delay)
    .max(FEEDBACK_DELAY_HOURS_MAX, fv.delay),
  googleReviewUrl: z
    .string()
    .trim()
    .max(GOOGLE_REVIEW_URL_MAX, { message: fv.googleReviewUrl, abort: true })
    .refine((url) => url === '' || isHttpsUrl(url), fv.googleReviewUrl)
    .transform((url) => url || null)
    .nullable(),
});
export type SettingsFields = z.output<typeof settingsFieldsSchema>;

export const settingsPatchSchema = settingsFieldsSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, sv.nothingToSave);
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

/** GET /api/admin/settings: everything the Configuración tab edits, plus the logo. */
export type AdminSettings = SettingsFields & { logoUrl: string | null; updatedAt: string };

export const notificationSettingsSchema = z.object({
  pushNotificationsEnabled: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
  reminderNotificationsEnabled: z.boolean(),
  newRequestEmailMode: z.enum(NEW_REQUEST_EMAIL_MODES, { error: sv.newRequestEmailModeInvalid }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsPatchSchema = notificationSettingsSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, sv.nothingToSave);

export const operatingHoursSchema = weekdayHoursSchema.extend({ id: z.string() });
export type OperatingHours = z.infer<typeof operatingHoursSchema>;

export const operatingHoursPatchSchema = z
  .object({
    isOpen: z.boolean(),
    openTime: hhmm,
    closeTime: hhmm,
    breakStartTime: hhmm.nullable(),
    breakEndTime: hhmm.nullable(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, sv.nothingToSave);
export type OperatingHoursPatch = z.infer<typeof operatingHoursPatchSchema>;

const me = mondayExceptionsMessages;
export const mondayExceptionInputSchema = z.object({
  date: z
    .string()
    .refine(isValidDate, messages.reservation.validation.dateFormat)
    .refine((date) => !isValidDate(date) || dayOfWeek(date) === 1, me.onlyMondays),
  reason: z.string().trim().max(200).optional(),
});
export const mondayExceptionSchema = z.object({ id: z.string(), date: z.string(), reason: z.string().nullable() });
export type MondayException = z.infer<typeof mondayExceptionSchema>;

export const timeBlockInputSchema = z
  .object({
    date: z.string().refine(isValidDate, messages.reservation.validation.dateFormat),
    startTime: hhmm,
    endTime: hhmm,
    reason: z.string().trim().max(200).optional(),
  })
  .refine((block) => !isValidTime(block.startTime) || !isValidTime(block.endTime) || block.startTime < block.endTime, {
    path: ['endTime'],
    message: staffMessages.admin.pause.startBeforeEnd,
  });
export const timeBlockSchema = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  reason: z.string().nullable(),
});
export type TimeBlock = z.infer<typeof timeBlockSchema>;

/** POST /api/admin/notifications/test: the rendered message of one kind, sent to the admin email. */
export const notificationTestInputSchema = z.object({ kind: z.enum(NOTIFICATION_TEST_KINDS) });
export type NotificationTestInput = z.infer<typeof notificationTestInputSchema>;
export const notificationTestResultSchema = z.object({ recipients: z.array(z.string()) });
export type NotificationTestResult = z.infer<typeof notificationTestResultSchema>;

/**
 * GET /api/admin/settings/embed: Configuración › General's booking widget (decision 028), from the server's
 * configuration. `bookingUrl` is the page to link from a Google Business Profile (PUBLIC_URL's landing page with
 * `?utm_source=google`, so that its bookings say they came from Google: decision 050), `scriptUrl` the snippet's script, `embedOrigins` the sites allowed to show the widget.
 */
export interface EmbedInfo {
  bookingUrl: string;
  scriptUrl: string;
  /** The sites in force: EMBED_ORIGINS when set, else the owner's (decision 069). */
  embedOrigins: string[];
  /** EMBED_ORIGINS is set: it wins, and the screen shows it read-only. */
  embedOriginsFromServer: boolean;
}

export const EMBED_ORIGINS_MAX = 20;

/** PUT /api/admin/settings/embed-origins (issue 52): each entry is checked and normalised on the server. */
export const embedOriginsInputSchema = z.object({
  origins: z.array(z.string().max(300), { error: settingsMessages.validation.embedOriginsList }).max(EMBED_ORIGINS_MAX, { error: settingsMessages.validation.embedOriginsList }),
});
