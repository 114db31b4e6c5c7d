// Pauses, blocked days and closures as staff set them, with the bookings a closure would leave outside the hours.
import { z } from 'zod';
import { staffMessages } from '../staff-messages.ts';
import { DAY_CLOSURES } from '../rules/availability.ts';
import { reservationDateSchema, reservationTimeSchema } from './reservation.ts';
import { adminReservationSchema, adminSlotSchema } from './staff-reservation.ts';

const c = staffMessages.admin.cancelReason;
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
export const activeReservationsQuerySchema = z
  .object({ date: reservationDateSchema, from: reservationTimeSchema.optional(), to: reservationTimeSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from < query.to, { path: ['to'], message: staffMessages.admin.pause.startBeforeEnd });
export type ActiveReservationsQuery = z.infer<typeof activeReservationsQuerySchema>;

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
