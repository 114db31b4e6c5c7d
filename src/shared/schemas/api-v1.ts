// The integration API under /api/v1 (issue 48, decision 049): each route's input and answer, named once here. The
// writes take the same schemas as staff's screens (a reservation is created as staff would create it); the answers
// are the API's own shapes, so a change to a staff screen does not change what an integration reads.
import { z } from 'zod';
import { API_PAGE_SIZE_DEFAULT, API_PAGE_SIZE_MAX, API_RESERVATIONS_RANGE_DAYS_MAX } from '../limits.ts';
import { formatMessage } from '../messages.ts';
import { addDays, isValidDate } from '../rules/madrid-time.ts';
import { integrationsMessages } from '../staff-messages/integrations.ts';
import { ARRIVAL_STATUSES, RESERVATION_SOURCES, RESERVATION_STATUSES, reservationDateSchema, slotQuestionSchema } from './reservation.ts';
import { type AdminReservation } from './staff-reservation.ts';

const text = integrationsMessages.api;

/** GET /api/v1/reservations: a period of at most a quarter, in pages of `limit`, after `cursor` (keyset). */
export const apiReservationsQuerySchema = z
  .object({
    from: reservationDateSchema,
    to: reservationDateSchema,
    status: z.enum(RESERVATION_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(API_PAGE_SIZE_MAX).default(API_PAGE_SIZE_DEFAULT),
    /** The `nextCursor` of the page before: opaque. */
    cursor: z.string().max(200).regex(/^[\w-]+$/, text.cursorInvalid).optional(),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: text.rangeReversed })
  .refine((query) => !isValidDate(query.from) || !isValidDate(query.to) || query.to <= addDays(query.from, API_RESERVATIONS_RANGE_DAYS_MAX - 1), {
    path: ['to'],
    message: formatMessage(text.rangeTooLong, { days: API_RESERVATIONS_RANGE_DAYS_MAX }),
  });
export type ApiReservationsQuery = z.output<typeof apiReservationsQuerySchema>;

/** A reservation as an integration reads it. */
export const apiReservationSchema = z.object({
  id: z.string(),
  reservationDate: z.string(),
  reservationTime: z.string(),
  numberOfPeople: z.number(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  customerEmail: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  arrivalStatus: z.enum(ARRIVAL_STATUSES),
  source: z.enum(RESERVATION_SOURCES),
  notes: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** 'Importe de la cuenta' in euro cents; null until entered. */
  billCents: z.number().nullable(),
  createdAt: z.string(),
  /** Raised by every change. */
  revision: z.number(),
});
export type ApiReservation = z.infer<typeof apiReservationSchema>;

export const toApiReservation = (reservation: AdminReservation): ApiReservation => ({
  id: reservation.id,
  reservationDate: reservation.reservationDate,
  reservationTime: reservation.reservationTime,
  numberOfPeople: reservation.numberOfPeople,
  customerName: reservation.customerName,
  customerPhone: reservation.customerPhone,
  customerEmail: reservation.customerEmail,
  status: reservation.status,
  arrivalStatus: reservation.arrivalStatus,
  source: reservation.source,
  notes: reservation.adminNotes,
  cancellationReason: reservation.cancellationReason,
  billCents: reservation.billCents,
  createdAt: reservation.createdAt,
  revision: reservation.revision,
});

export const apiReservationPageSchema = z.object({
  items: z.array(apiReservationSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ApiReservationPage = z.infer<typeof apiReservationPageSchema>;

/** GET /api/v1/availability?date&people: the times a party could be booked at, as the guest form offers them. */
export const apiAvailabilityQuerySchema = slotQuestionSchema.pick({ date: true, people: true });

export const apiAvailabilitySchema = z.object({
  date: z.string(),
  people: z.number(),
  /** False on a closed day (closedReason says why). */
  bookable: z.boolean(),
  closedReason: z.string().nullable(),
  times: z.array(z.object({ time: z.string(), available: z.boolean() })),
});
export type ApiAvailability = z.infer<typeof apiAvailabilitySchema>;
