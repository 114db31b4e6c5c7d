// The reservation as staff see and change it: the lists' shape, status and arrival changes, the manual reservation,
// 'Editar reserva' and walk-ins (the history and the change log: reservation-history.ts).
import { z } from 'zod';
import { noShowRiskSchema } from './no-show-risk.ts';
import { seatTablesSchema } from './table.ts';
import { ADMIN_PARTY_MAX, ALLERGENS, ADMIN_PARTY_MIN, CONFIRM_ALL_MAX, EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '../limits.ts';
import { formatMessage, messages } from '../messages.ts';
import { staffMessages } from '../staff-messages.ts';
import { guaranteeSummarySchema } from './guarantee-summary.ts';
import { MESSAGE_CHANNELS } from './messaging.ts';
import { existsInMadrid, isValidDate } from '../rules/madrid-time.ts';
import { isAdminSlot } from '../rules/slots.ts';
import {
  ARRIVAL_STATUSES,
  anyNameSchema,
  CANCELLED_BY,
  EMAIL_SHAPE,
  hasPhoneDigits,
  partySizeSchema,
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  reservationDateSchema,
  reservationValidation as v,
} from './reservation.ts';

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
  /** Sent with the lists: a guest's request to move another booking (decision 017), which 'Confirmar todas' leaves to its row. */
  changeRequest: z.boolean().optional(),
  /** 'Importe de la cuenta' in euro cents (issue 47); null until staff enter it. */
  billCents: z.number().nullable(),
});
export type AdminReservation = z.infer<typeof adminReservationSchema>;
export type UndoTicket = NonNullable<AdminReservation['undo']>;

/** POST /api/admin/reservations/undo: the staff change to take back. */
export const undoRequestSchema = z.object({ group: z.uuid() });

/** What an undo answers: the booking as it was before the change; a batch's undo, every booking it put back. */
export type UndoAnswer = AdminReservation | { reservations: AdminReservation[] };

const confirmAllText = staffMessages.admin.confirmAll;

/**
 * POST /api/admin/reservations/confirm-batch: 'Confirmar todas (N)' (issue 52, decision 064). Each request names the
 * revision the list showed, so one changed since is left as it is rather than confirmed unseen.
 */
export const batchConfirmSchema = z.object({
  reservations: z
    .array(
      z.object({
        id: z.uuid(confirmAllText.invalidId).transform((id) => id.toLowerCase()),
        revision: z.number(confirmAllText.revisionRequired).int().min(0),
      }),
      confirmAllText.empty,
    )
    .min(1, confirmAllText.empty)
    .max(CONFIRM_ALL_MAX, formatMessage(confirmAllText.tooMany, { max: CONFIRM_ALL_MAX }))
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, confirmAllText.repeated),
});
export type BatchConfirm = z.input<typeof batchConfirmSchema>;

/** Why a listed request was left as it was: changed since the list (confirmed, cancelled, edited, gone), or a change request. */
export const BATCH_SKIP_REASONS = ['changed', 'change_request'] as const;

/** The answer: the bookings confirmed, the ones left with their reason, and one 'Deshacer' for all it confirmed. */
export interface BatchConfirmed {
  confirmed: AdminReservation[];
  skipped: { id: string; customerName: string | null; reason: (typeof BATCH_SKIP_REASONS)[number] }[];
  undo?: UndoTicket;
}

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

/**
 * /api/v1's arrival change (decision 062): its keys predate the revision, so naming it is optional there; named, a
 * stale one is refused as staff's is. 'pending' ('Esperando') takes back a mistaken 'Llegó' or 'No vino'.
 */
export const apiArrivalChangeSchema = z.object({
  arrivalStatus: z.enum(ARRIVAL_STATUSES),
  adminNotes: z.string().trim().max(1000).optional(),
  /** The revision the change was made from: another change since then makes it stale (409). */
  revision: z.number().int().min(0).optional(),
});
export type ArrivalChange = z.infer<typeof apiArrivalChangeSchema>;

/** PATCH /api/admin/reservations/:id/arrival: the revision is required, as an edit's is (issue 52, decision 062). */
export const arrivalChangeSchema = apiArrivalChangeSchema.extend({ revision: z.number().int().min(0) });

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
    /**
     * 'Enviar confirmación al cliente' (decision 063): a booking with an email sends the guest its confirmation (private
     * link, .ics) unless this is false; without an email nothing is sent, whatever it says.
     */
    sendConfirmation: z
      .boolean()
      .optional()
      .describe("Send the guest the confirmation email (private link, .ics) when there is a customerEmail; left out, it is sent. False sends nothing."),
    /**
     * The tables staff chose (issue 52, item 3): checked as 'Cambiar mesa' checks them (a table held by another
     * booking then is a 409) and assigned in the same transaction; left out or empty, the floor seats it as before.
     */
    tableIds: seatTablesSchema.shape.tableIds
      .optional()
      .describe('The tables to seat the booking at; one held by another booking over an overlapping stay is refused (409). Left out, a free table is chosen where the restaurant seats by tables.'),
  })
  .refine(...existsInMadridRule);

/**
 * GET /api/admin/manual-times (issue 52, item 3): each of the manual form's half hours on a date, whether it falls
 * outside that day's hours ('Fuera de horario': still selectable) and the covers already booked starting then.
 */
export const manualTimeSchema = z.object({ time: z.string(), outsideHours: z.boolean(), covers: z.number() });
export type ManualTime = z.infer<typeof manualTimeSchema>;

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
