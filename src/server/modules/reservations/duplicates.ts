// One guest, one stay at a time (issue 41, item 5; decision 032). A guest's request whose stay overlaps one of their
// bookings that day is refused, and the guest gets their private link again by email instead (never in the answer);
// staff booking such a guest are warned and may save anyway.
import { guestText } from '@shared/i18n/text-keys.ts';
import { formatMessage } from '@shared/messages.ts';
import { intervalsOverlap, occupiedInterval } from '@shared/rules/seating.ts';
import { staffReservationMessages } from '@shared/staff-messages/reservations.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueEmails } from '../../platform/outbox.ts';
import type { RateLimit } from '../../platform/rate-limit.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { type GuestLookup, lookUpGuest, recognisedGuest } from '../guests/service.ts';
import { emailGuaranteeOf, linkResentEmail } from '../notifications/service.ts';
import { guestEmailExtras } from '../private-links/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { type CapacityConfig as Config, capacityFor } from '../capacity/service.ts';
import { activeOfGuestOn, findReservation } from './public-queries.ts';

/** At most one re-sent link per existing booking in this window, across instances (the shared rate-limit store). */
export const LINK_RESEND_WINDOW_MS = 10 * 60_000;

interface StayRequest {
  customerEmail: string | null;
  customerPhone: string | null;
  numberOfPeople: number;
  reservationDate: string;
  reservationTime: string;
}

/**
 * The booking of the same guest (as linkGuest would recognise them) that day whose stay [start, start + turn)
 * overlaps the request's; touching stays do not. `guests`: the request's contact looked up (guests' lookUpGuest).
 * `exceptId`: the booking a change request replaces.
 */
export async function overlappingStay(db: Executor, config: Config, request: StayRequest, guests: GuestLookup | null, exceptId?: string) {
  const guestId = recognisedGuest(guests);
  if (!guestId) return null;
  const sameDay = await activeOfGuestOn(db, guestId, request.reservationDate, exceptId);
  const stayMinutes = capacityFor(config).stayMinutes;
  const stay = (slot: typeof request) => occupiedInterval(slot, stayMinutes(slot.numberOfPeople));
  return sameDay.find((row) => intervalsOverlap(stay(request), stay(row))) ?? null;
}

/** The guest's refusal: the existing booking's time, and whether its link can go by email (`existingId` for that). */
export class DuplicateStay extends AppError {
  constructor(
    readonly existingId: string,
    readonly emailable: boolean,
    time: string,
  ) {
    const fields = { existingTime: time, ...(emailable ? { linkSent: 'true' } : {}) };
    super(409, 'duplicate_booking', guestText('reservation.errors.duplicate', { time }), fields);
  }
}

/** Staff's manual booking of such a guest: a 409 they answer with 'Guardar igualmente' (`confirmDuplicate`). */
export async function warnStaffOfDuplicate(db: Executor, request: StayRequest): Promise<void> {
  const guests = await lookUpGuest(db, { email: request.customerEmail, phone: request.customerPhone });
  const existing = await overlappingStay(db, await getRestaurantConfig(db), request, guests);
  if (!existing) return;
  const message = formatMessage(staffReservationMessages.duplicateWarning, { time: existing.reservationTime });
  throw new AppError(409, 'duplicate_booking', message);
}

/**
 * After the refused request rolled back, in a short transaction of its own: the existing booking's private link by
 * email (minted at delivery, decision 012), once per booking per window.
 */
export async function resendGuestLink(deps: ServiceDeps, limit: RateLimit, refusal: DuplicateStay): Promise<void> {
  if (!refusal.emailable || !(await limit.hit(refusal.existingId))) return;
  await deps.db.transaction(async (tx) => {
    const reservation = await findReservation(tx, refusal.existingId);
    if (!reservation?.customerEmail) return;
    const config = await getRestaurantConfig(tx);
    const now = deps.clock.now();
    const extras = guestEmailExtras(config, reservation, deps.publicUrl, now, false);
    const guarantee = await emailGuaranteeOf(tx, reservation, now);
    await enqueueEmails(tx, [linkResentEmail(config, { ...reservation, guarantee }, reservation.customerEmail, extras)], now);
  });
}
