// The reservation's past as staff read it: 'Historial' (its filters and pages), 'Buscar', and 'Historial de cambios'.
import { z } from 'zod';
import { adminReservationSchema } from './staff-reservation.ts';
import { ARRIVAL_STATUSES, RESERVATION_STATUSES, reservationDateSchema } from './reservation.ts';

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

/** GET /api/admin/reservations/search: 'Buscar' on Reservas, over today's and the coming days' bookings. */
export const serviceSearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

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
