import {
  CLIENT_NOTE_PREFIX,
  MAX_RESERVATIONS_PER_EMAIL_PER_DAY,
  SERVER_TIME_MAX,
  SERVER_TIME_MIN,
} from '@shared/limits.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { guestText } from '@shared/i18n/text-keys.ts';
import { closedMessageKey } from '@shared/i18n/closed-day-texts.ts';
import type { Availability } from '@shared/rules/availability.ts';
import { compareTime } from '@shared/rules/madrid-time.ts';
import type { Allergen } from '@shared/schemas/guest.ts';
import type { CreatedReservation, PublicReservation } from '@shared/schemas/reservation.ts';
import { GOOGLE_ORIGIN } from '@shared/routes.ts';
import type { Transaction } from '../../db/client.ts';
import { type reservations, reservasLogs } from '../../db/schema.ts';
import { AppError, conflict, type ErrorText } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmails } from '../../platform/outbox.ts';
import { getBookingContext } from '../availability/service.ts';
import { holdTables, lockFloorForRequest, place, type ReplacedReservation } from '../capacity/service.ts';
import { addGuestAllergens, linkGuest } from '../guests/service.ts';
import { insertConsent } from '../legal/service.ts';
import { type MessagingChoice, messagingChoice, recordMessagingConsent, reservationNotice, sendGuestNotice } from '../messaging/service.ts';
import { enqueuePushToAdmins } from '../push/service.ts';
import { alertStaffOfRequest, type EmailGuarantee, emailGuaranteeOf, guestReceivedEmail, newReservationPush } from '../notifications/service.ts';
import { guestEmailExtras, guestLinkPaths } from '../private-links/service.ts';
import type { RateLimit } from '../../platform/rate-limit.ts';
import { calendarIdentity } from './change-chain.ts';
import { confirmReplacing } from './change-requests.ts';
import { DuplicateStay, overlappingStay, resendGuestLink } from './duplicates.ts';
import type { GuaranteeGate, GuaranteeHold, HeldRequest } from './guarantee-gate.ts';
import * as q from './public-queries.ts';
import { queueReservationWebhooks } from './webhook-events.ts';
import { adminUrlOf, type ServiceDeps } from '../../platform/service-deps.ts';


const unprocessable = (code: string, text: ErrorText) => new AppError(422, code, text);

/** Why a requested time cannot be booked, as the guest should read it; null when it can. */
function rejectionFor(availability: Availability, time: string): AppError | null {
  if (!availability.bookable) {
    return unprocessable('day_closed', guestText(closedMessageKey(availability.closedReason)));
  }
  if (compareTime(time, SERVER_TIME_MIN) < 0 || compareTime(time, SERVER_TIME_MAX) > 0) {
    return unprocessable('invalid_time', guestText('reservation.errors.invalidTime'));
  }
  const slot = availability.slots.find((candidate) => candidate.time === time);
  if (!slot) return unprocessable('slot_unavailable', guestText('reservation.errors.slotUnavailable'));
  if (slot.reason === 'past') return unprocessable('past_time', guestText('reservation.errors.pastTime'));
  if (slot.reason === 'paused') return unprocessable('time_paused', guestText('reservation.errors.timePaused'));
  if (slot.reason) return unprocessable('slot_unavailable', guestText('reservation.errors.slotUnavailable'));
  return null;
}

/**
 * A guest's request, in one transaction: availability and limits are checked under a per-email-and-day lock, and
 * the reservation, its consent record, its emails and its change event commit together or not at all. A request
 * refused for overlapping the guest's own booking sends that booking's link again, after the rollback.
 * Submitting the same id again (a retry, a double click) answers with the reservation already made, without its
 * private links: those are given once, to the request that made it (the email carries its own).
 * A request the card guarantee's rules ask a card for takes its place as a hold instead, and answers with the
 * provider's page (issue 45); sent again from the same browser, it resumes that hold.
 */
export async function createPublicReservation(
  deps: ServiceDeps,
  input: PublicReservation & { language: Language },
  linkResends: RateLimit,
  guarantee: GuaranteeGate,
): Promise<{ reservation: CreatedReservation; created: boolean } | { held: GuaranteeHold }> {
  try {
    const request: HeldRequest = { ...input, specialRequirement: input.specialRequirement.trim() };
    return await deps.db.transaction(async (tx) => {
      const resumed = await guarantee.resume(tx, request);
      if (resumed) return { held: resumed };
      const placed = await placeOrHoldRequest(tx, deps, request, { adminNotes: clientNote(request.specialRequirement), consent: true }, guarantee);
      if ('held' in placed || !placed.created) return placed;
      const links = await guestLinkPaths(tx, placed.reservation.id, deps.clock.now());
      return { ...placed, reservation: { ...placed.reservation, ...links } };
    });
  } catch (error) {
    if (error instanceof DuplicateStay) await resendGuestLink(deps, linkResends, error);
    throw error;
  }
}

/** The guest's own words, kept in the staff notes under the client's prefix. */
export const clientNote = (specialRequirement: string): string | null =>
  specialRequirement ? `${CLIENT_NOTE_PREFIX} ${specialRequirement}` : null;

export interface RequestDetails {
  id: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  numberOfPeople: number;
  reservationDate: string;
  reservationTime: string;
  preferredZoneId?: string | null;
  /** Declared by the guest in the booking form; a change request declares none. */
  allergens?: readonly Allergen[];
  /** The guest's language (the form's, or the reservation's a change request replaces): their emails are in it. */
  language?: Language;
  /** The form's box asking for WhatsApp or SMS (issue 46): checked and recorded as a consent when a channel is on. */
  messagingOptIn?: boolean;
  /** The phone's E.164 form and channel carried from what this request comes from (a replaced booking, a waitlist entry). */
  messaging?: MessagingChoice;
  /** Google's booking link led the guest here (decision 050); a change request keeps its original's. */
  origin?: typeof GOOGLE_ORIGIN;
}

export interface RequestOptions {
  adminNotes: string | null;
  /** Record the privacy consent given with this request (a change request reuses the original one). */
  consent: boolean;
  /** A change request from the guest's page, linked to the reservation it would replace (confirmed in its place at once by 'Confirmación automática'). */
  replaces?: ReplacedReservation;
  /** A waitlist offer the guest accepted: their other booking that day does not refuse it (decision 032). */
  overlapAllowed?: boolean;
  /** The card a hold saved for this request (issue 45): written after the booking, so its first email is told. */
  guarantee?: EmailGuarantee;
}

type Checked = Awaited<ReturnType<typeof checkRequest>>;

/** The rules and writes of a guest request, in the caller's transaction; shared by the form and the change request. */
export async function placeRequest(
  tx: Transaction,
  deps: ServiceDeps,
  input: RequestDetails,
  options: RequestOptions,
): Promise<{ reservation: CreatedReservation; created: boolean }> {
  const checked = await checkRequest(tx, deps, input, options);
  return checked.kind === 'existing' ? checked.placed : writeRequest(tx, deps, input, options, checked);
}

/**
 * A request through the card guarantee's gate (the booking form's, a waitlist offer accepted): once it passed every
 * rule and has its place, held for its card when the rules ask one (the hold keeps `options` for its completion),
 * else placed.
 */
export async function placeOrHoldRequest(
  tx: Transaction,
  deps: ServiceDeps,
  request: HeldRequest,
  options: RequestOptions,
  guarantee: GuaranteeGate,
): Promise<{ reservation: CreatedReservation; created: boolean } | { held: GuaranteeHold }> {
  const checked = await checkRequest(tx, deps, request, options);
  if (checked.kind === 'existing') return checked.placed;
  const placing = { adminNotes: options.adminNotes, overlapAllowed: options.overlapAllowed };
  const held = await guarantee.holdIfNeeded(tx, { ...request, placing }, checked.config);
  if (held) return { held };
  return writeRequest(tx, deps, request, options, checked);
}

/** Every rule a request must pass, and its place, before anything is written; a retry finds its reservation. */
async function checkRequest(tx: Transaction, deps: ServiceDeps, input: RequestDetails, options: Omit<RequestOptions, 'adminNotes' | 'consent'>) {
  // The guest's lock comes with the day's context, the floor's (where it decides) right after: one round trip each.
  const { availability, config, notifications } = await getBookingContext(tx, deps.clock, input.reservationDate, input.customerEmail);
  await lockFloorForRequest(tx, config, input.reservationDate);
  const standing = { id: input.id, email: input.customerEmail, date: input.reservationDate, phone: input.customerPhone };
  const { existing, activeForEmailDay, guests } = await q.requestStanding(tx, standing);
  if (existing) {
    if (!isSameRequest(existing, input, options)) throw conflict('duplicate_id', guestText('reservation.errors.idReused'));
    const placed = { reservation: { id: existing.id, status: existing.status as 'pending' | 'confirmed' }, created: false };
    return { kind: 'existing' as const, placed };
  }
  const messaging = input.messaging ?? (await messagingChoice(tx, input.customerPhone, input.messagingOptIn));
  const overlapping = options.overlapAllowed ? null : await overlappingStay(tx, config, input, guests, options.replaces?.id);
  if (overlapping) {
    const emailable = notifications.emailNotificationsEnabled && overlapping.customerEmail !== null;
    throw new DuplicateStay(overlapping.id, emailable, overlapping.reservationTime);
  }

  const rejection = rejectionFor(availability, input.reservationTime);
  if (rejection) throw rejection;
  if (activeForEmailDay >= MAX_RESERVATIONS_PER_EMAIL_PER_DAY) {
    throw conflict('email_day_limit', guestText('reservation.errors.rateLimit'));
  }

  const placement = await place(tx, config, input, options.replaces);
  return { kind: 'new' as const, config, notifications, guests, placement, messaging };
}

async function writeRequest(
  tx: Transaction,
  deps: ServiceDeps,
  input: RequestDetails,
  options: RequestOptions,
  { config, notifications, guests, placement, messaging }: Extract<Checked, { kind: 'new' }>,
): Promise<{ reservation: CreatedReservation; created: boolean }> {
  const isChange = options.replaces !== undefined;
  const reservation = await q.insertReservation(tx, {
    id: input.id,
    ...q.bookingDetails(input),
    customerPhoneE164: messaging.phoneE164,
    messagingChannel: messaging.channel,
    // 'Confirmación automática' confirms a guest's change that fits as it confirms a booking (issue 50).
    status: config.autoConfirmationEnabled ? 'confirmed' : 'pending',
    source: input.origin === GOOGLE_ORIGIN ? 'google' : 'public',
    adminNotes: options.adminNotes,
    language: input.language ?? DEFAULT_LANGUAGE,
    previousReservationId: options.replaces?.id ?? null,
    guestId: await linkGuest(tx, { email: input.customerEmail, phone: input.customerPhone }, deps.clock.now(), guests),
    createdAt: deps.clock.now(),
  });
  if (input.allergens && input.allergens.length > 0 && reservation.guestId) {
    await addGuestAllergens(tx, reservation.guestId, input.allergens, deps.clock.now());
  }

  if (placement.tableIds) await holdTables(tx, reservation.id, placement.tableIds);
  if (options.consent) await recordConsent(tx, reservation.id, input.customerEmail, reservation.language);
  if (input.messagingOptIn && !input.messaging && messaging.channel && messaging.phoneE164) {
    const subject = { channel: messaging.channel, phoneE164: messaging.phoneE164, language: reservation.language, reservationId: reservation.id };
    await recordMessagingConsent(tx, subject);
  }
  const now = deps.clock.now();
  const replacedNow = reservation.status === 'confirmed' ? options.replaces : undefined;
  if (replacedNow) await confirmReplacing(tx, reservation, replacedNow, { kind: 'guest' }, now, async () => undefined);
  const emailsOn = notifications.emailNotificationsEnabled;
  const calendarEvent = await calendarIdentity(tx, reservation);
  const extras = emailsOn ? guestEmailExtras(config, { ...reservation, calendarEvent }, deps.publicUrl, now) : undefined;
  // The original's card passed to the change it confirmed: the email says so, as staff's confirmation would.
  const guarantee = replacedNow ? await emailGuaranteeOf(tx, reservation, now) : options.guarantee;
  const guestEmail = extras ? guestReceivedEmail(config, { ...reservation, guarantee, replaces: options.replaces }, extras) : null;
  // Confirmed at once: the confirmation goes by the guest's channel when they chose one (issue 46).
  if (reservation.status === 'confirmed') {
    await sendGuestNotice(tx, reservationNotice('confirmation', reservation, { restaurant: config.name, email: guestEmail, publicUrl: deps.publicUrl }), now);
  } else if (guestEmail) await enqueueEmails(tx, [guestEmail], now);
  if (emailsOn) await alertStaffOfRequest(tx, config, notifications.newRequestEmailMode, reservation, { adminUrl: adminUrlOf(deps.publicUrl), now });
  await enqueuePushToAdmins(tx, newReservationPush(reservation), notifications);
  await recordChange(tx, { table: 'reservations', action: 'insert', id: reservation.id });
  // A change request's creation is its change-log line's, which the guest's page writes.
  if (!isChange) await queueReservationWebhooks(tx, reservation.id, ['reservation.created'], deps.clock.now(), reservation);
  return { reservation: { id: reservation.id, status: reservation.status as 'pending' | 'confirmed' }, created: true };
}

/** A retry names the same id with the same details; anything else reusing the id is another request. */
interface RequestKey {
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  numberOfPeople: number;
  reservationDate: string;
  reservationTime: string;
}

/** The same guest asking for the same party, day and time: a retry of one request under its id, not a new one. */
export const isSameGuestAndSlot = (a: RequestKey, b: RequestKey) =>
  a.customerName === b.customerName &&
  a.customerPhone === b.customerPhone &&
  a.customerEmail === b.customerEmail &&
  a.numberOfPeople === b.numberOfPeople &&
  a.reservationDate === b.reservationDate &&
  a.reservationTime === b.reservationTime;

function isSameRequest(existing: typeof reservations.$inferSelect, input: RequestDetails, options: Pick<RequestOptions, 'replaces'>): boolean {
  return isSameGuestAndSlot(existing, input) && existing.previousReservationId === (options.replaces?.id ?? null);
}

/**
 * The privacy consent; if its insert fails, the failure is logged in reservas_logs and the booking stands. The
 * savepoint is not released: COMMIT does that, and a RELEASE would be one more round trip on every booking.
 */
async function recordConsent(tx: Transaction, reservationId: string, email: string, language: Language): Promise<void> {
  await q.savepoint(tx, 'consent');
  try {
    await insertConsent(tx, email, reservationId, language);
  } catch (error) {
    await q.rollbackToSavepoint(tx, 'consent');
    await tx.insert(reservasLogs).values({
      context: 'consent',
      reservationId,
      clienteEmail: email,
      errorText: error instanceof Error ? error.message : String(error),
    });
  }
}
