// The waitlist (issue 23): parties waiting for a full date and time, and the offers of freed places made to them.
import { z } from 'zod';
import { WAITLIST_QUOTED_WAIT_MAX_MINUTES } from '../limits.ts';
import { waitlistMessages } from '../staff-messages/waitlist.ts';
import { MESSAGE_CHANNELS } from './messaging.ts';
import {
  botFieldsShape,
  guestRequestShape,
  heldReservationSchema,
  messagingOptInSchema,
  reservationDateSchema,
} from './reservation.ts';
import { adminSlotSchema, blankAsAbsent, staffBookingFields } from './staff-reservation.ts';
import { guaranteeTermsSchema } from './card-guarantee.ts';
import { fieldText } from './guest-field-text.ts';
import { selfServiceTokenSchema } from './self-service.ts';

const w = waitlistMessages;

/**
 * waiting: on the list; offered: a freed place is held for it now; booked / seated: staff or the guest turned it
 * into a booking or a seated walk-in; removed: staff took it off or the guest left; missed: an offer went unanswered;
 * expired: its date ended while it waited.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'seated', 'removed', 'missed', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Still on the list: the statuses the list shows first and the per-email limit counts. */
export const WAITING_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[];
/** What staff may still serve ('Reservar', 'Sentar') or remove: those waiting, and those whose offer went unanswered. */
export const SERVABLE_STATUSES = ['waiting', 'offered', 'missed'] as const satisfies readonly WaitlistStatus[];
export const WAITLIST_SOURCES = ['staff', 'guest'] as const;
/** open: holding the place; accepted: booked; expired: unanswered in time; withdrawn: the entry left or was served. */
export const WAITLIST_OFFER_STATUSES = ['open', 'accepted', 'expired', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** POST /api/admin/waitlist: a party staff put on the list (by phone or at the door). */
export const staffWaitlistEntrySchema = z
  .object({
    customerName: staffBookingFields.customerName,
    customerPhone: staffBookingFields.customerPhone,
    customerEmail: staffBookingFields.customerEmail,
    numberOfPeople: staffBookingFields.numberOfPeople,
    reservationDate: reservationDateSchema,
    timeFrom: adminSlotSchema(w.timeRequired),
    /** The end of the range the party would take; absent: only timeFrom. */
    timeTo: z.preprocess(blankAsAbsent, adminSlotSchema(w.timeRequired).optional()),
    /** The wait quoted to a party at the door, in minutes. */
    quotedWaitMinutes: z.preprocess(
      (value) => (value === '' || value === null ? undefined : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
      z.number({ error: w.quotedWaitInvalid }).int(w.quotedWaitInvalid).min(0, w.quotedWaitInvalid).max(WAITLIST_QUOTED_WAIT_MAX_MINUTES, w.quotedWaitInvalid).optional(),
    ),
  })
  .refine((entry) => !entry.timeTo || entry.timeTo >= entry.timeFrom, { path: ['timeTo'], message: w.rangeReversed });
export type StaffWaitlistEntryInput = z.input<typeof staffWaitlistEntrySchema>;

/** POST /api/public/waitlist: a guest joins from a time the booking form shows full for the party. */
export const publicWaitlistEntrySchema = z.object({
  ...botFieldsShape,
  ...guestRequestShape,
  privacyConsent: z.literal(true, fieldText('reservation.validation.consentRequired')),
  messagingOptIn: messagingOptInSchema,
});
export type PublicWaitlistEntry = z.output<typeof publicWaitlistEntrySchema>;

export const waitlistJoinedSchema = z.object({
  id: z.uuid(),
  status: z.enum(WAITLIST_STATUSES),
  /** The entry's page on a token of its own: only in the answer that created the entry (issue 50). */
  managePath: z.string().optional(),
});
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

export const waitlistDateQuerySchema = z.object({ date: reservationDateSchema });

/** POST /api/admin/waitlist/:id/book: the time to book at (the entry's first time when absent). */
export const waitlistBookSchema = z.object({ time: z.preprocess(blankAsAbsent, adminSlotSchema(w.timeRequired).optional()) });

export const waitlistOfferViewSchema = z.object({
  id: z.uuid(),
  reservationTime: z.string(),
  numberOfPeople: z.number(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  offeredAt: z.string(),
  holdUntil: z.string(),
  answeredAt: z.string().nullable(),
  /** Accepted for a party the card guarantee covers, and the guest has not saved the card yet (issue 45). */
  awaitingCard: z.boolean(),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferViewSchema>;

/** What a party wrote back to an offer by WhatsApp or SMS (issue 46). */
export const waitlistGuestMessageSchema = z.object({ at: z.string(), body: z.string(), channel: z.enum(MESSAGE_CHANNELS) });
export type WaitlistGuestMessage = z.infer<typeof waitlistGuestMessageSchema>;

/** An entry as the back office lists it (contact data: staff only). */
export const waitlistEntryViewSchema = z.object({
  id: z.uuid(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  customerEmail: z.string().nullable(),
  numberOfPeople: z.number(),
  reservationDate: z.string(),
  timeFrom: z.string(),
  timeTo: z.string().nullable(),
  quotedWaitMinutes: z.number().nullable(),
  source: z.enum(WAITLIST_SOURCES),
  status: z.enum(WAITLIST_STATUSES),
  createdAt: z.string(),
  reservationId: z.string().nullable(),
  /** Newest first. */
  offers: z.array(waitlistOfferViewSchema),
  /** Oldest first. */
  guestMessages: z.array(waitlistGuestMessageSchema),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryViewSchema>;

export const waitlistTokenParamsSchema = z.object({ token: selfServiceTokenSchema });

/** The guest's page of an entry (/lista-espera/<token>): no contact data. */
export const guestWaitlistViewSchema = z.object({
  customerName: z.string(),
  reservationDate: z.string(),
  reservationTime: z.string(),
  numberOfPeople: z.number(),
  status: z.enum(WAITLIST_STATUSES),
  restaurantName: z.string(),
  /** The offer held for the entry now, which the entry's page lets the guest accept; null when none is open. */
  openOffer: z
    .object({ reservationTime: z.string(), holdUntil: z.string(), guarantee: guaranteeTermsSchema.nullable() })
    .nullable(),
});
export type GuestWaitlistView = z.infer<typeof guestWaitlistViewSchema>;

/** The guest's page of an offer (/oferta/<token>). */
export const guestOfferViewSchema = z.object({
  customerName: z.string(),
  reservationDate: z.string(),
  reservationTime: z.string(),
  numberOfPeople: z.number(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  /** ISO instant the hold ends. */
  holdUntil: z.string(),
  restaurantName: z.string(),
  /**
   * What the card guarantee asks of this party if it accepts (issue 45), shown before the guest presses accept;
   * null when no card is needed (or the offer is no longer open).
   */
  guarantee: guaranteeTermsSchema.nullable(),
  /** Expired, and the date still has a time for the party: the page offers the booking form for it. */
  placesOpen: z.boolean(),
  /** Accepted and booked: the booking's page and calendar file, on a fresh token (as the booking form's summary). */
  booking: z.object({ managePath: z.string(), calendarPath: z.string() }).nullable(),
});
export type GuestOfferView = z.infer<typeof guestOfferViewSchema>;

export const offerAcceptedSchema = z.object({
  reservation: z.object({ id: z.uuid(), status: z.enum(['pending', 'confirmed']) }),
  /** The booking's page and calendar file, on a fresh token. */
  booking: z.object({ managePath: z.string(), calendarPath: z.string() }),
});
export type OfferAccepted = z.infer<typeof offerAcceptedSchema>;

/** The acceptance's answer: booked (201), or held while the guest saves the card the rules ask for (202, issue 45). */
export const offerAnswerSchema = z.union([offerAcceptedSchema, heldReservationSchema]);
