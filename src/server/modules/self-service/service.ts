// The guest's private page: read the reservation, cancel it while the policy allows, ask for another time.
// Reading never writes; each change is one transaction with its emails, push and live event.
import { guestPageTemplate, guestTexts } from '../../platform/guest-language.ts';
import { randomUUID } from 'node:crypto';
import { guestText } from '@shared/i18n/text-keys.ts';
import { formatMessage } from '@shared/messages.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { findTransition } from '@shared/rules/lifecycle.ts';
import { madridInstant } from '@shared/rules/madrid-time.ts';
import { GOOGLE_ORIGIN } from '@shared/routes.ts';
import type { PacedAvailability } from '@shared/rules/pacing.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import type { ChangeRequest, ChangeRequestResult, SelfServiceGuarantee, SelfServiceView } from '@shared/schemas/self-service.ts';
import type { Executor } from '../../db/client.ts';
import type { restaurantConfig } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { getPublicAvailability } from '../availability/service.ts';
import { phoneE164Of } from '../messaging/service.ts';
import { guestCancelledPush } from '../notifications/service.ts';
import { enqueuePushToAdmins } from '../push/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { guestCalendarPath, reservationIcs, reservationIdForToken } from '../private-links/service.ts';
import {
  calendarIdentity,
  cancelPendingChanges,
  findForUpdate,
  findReplaced,
  findReservation,
  lockWithOriginal,
  logChange,
  placeRequest,
  replacedBy,
  type ReservationRow,
  transition,
  wasReplaced,
} from '../reservations/service.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { guaranteeView } from './guarantee-view.ts';

const g = selfServiceMessages;
const HOUR_MS = 60 * 60_000;

type Config = typeof restaurantConfig.$inferSelect;

const isActive = (status: ReservationRow['status']) => status === 'pending' || status === 'confirmed';

export function cancelDeadline(reservation: Pick<ReservationRow, 'reservationDate' | 'reservationTime'>, limitHours: number): Date {
  return new Date(madridInstant(reservation.reservationDate, reservation.reservationTime).getTime() - limitHours * HOUR_MS);
}

const hasStarted = (reservation: ReservationRow, now: Date) =>
  madridInstant(reservation.reservationDate, reservation.reservationTime).getTime() <= now.getTime();

async function reservationFor(db: Executor, token: string, lock: boolean): Promise<ReservationRow> {
  const id = await reservationIdForToken(db, token);
  const row = id ? await (lock ? findForUpdate(db, id) : findReservation(db, id)) : null;
  if (!row) throw notFound(guestText('selfService.errors.notFound'));
  return row;
}

function view(config: Config, row: ReservationRow, now: Date, token: string, guarantee: SelfServiceGuarantee | null): SelfServiceView {
  const deadline = cancelDeadline(row, config.guestCancelLimitHours);
  const policy = guestPageTemplate(config, 'cancellationPolicy', row.language);
  return {
    reservation: {
      customerName: row.customerName,
      reservationDate: row.reservationDate,
      reservationTime: row.reservationTime,
      numberOfPeople: row.numberOfPeople,
      status: row.status,
      cancelledBy: row.cancelledBy,
      replacedByChange: wasReplaced(row),
    },
    canCancel: findTransition('guestCancel', row) !== null && now.getTime() < deadline.getTime(),
    cancelDeadline: deadline.toISOString(),
    cancelLimitHours: config.guestCancelLimitHours,
    canRequestChange: isActive(row.status) && !hasStarted(row, now),
    cancellationPolicy: policy.text,
    cancellationPolicyInSpanish: policy.inSpanish,
    guarantee,
    restaurant: {
      name: config.name,
      phones: [config.contactPhone1, config.contactPhone2].filter((phone): phone is string => Boolean(phone)),
      address: config.address,
    },
    icsUrl: guestCalendarPath(token),
  };
}

/** GET: a pure read. */
export async function getSelfServiceView({ db, clock }: ServiceDeps, token: string): Promise<SelfServiceView> {
  const row = await reservationFor(db, token, false);
  const now = clock.now();
  return view(await getRestaurantConfig(db), row, now, token, await guaranteeView(db, row, now));
}

/**
 * The change form's view of a date: the public availability, counted as the change request itself would be: the
 * reservation it replaces still holds its covers, except at its own time, and its pending requests are left out.
 */
export async function selfServiceAvailability({ db, clock }: ServiceDeps, token: string, date: string): Promise<PacedAvailability> {
  const id = await reservationIdForToken(db, token);
  const replaced = id ? await findReplaced(db, id) : null;
  if (!replaced) throw notFound(guestText('selfService.errors.notFound'));
  return getPublicAvailability(db, clock, date, replaced);
}

/** The .ics and its file name, in the reservation's language. */
export async function selfServiceCalendar({ db, clock, publicUrl }: ServiceDeps, token: string): Promise<{ ics: string; fileName: string }> {
  const row = await reservationFor(db, token, false);
  const ics = reservationIcs(await getRestaurantConfig(db), { ...row, calendarEvent: await calendarIdentity(db, row) }, publicUrl, clock.now());
  return { ics, fileName: guestTexts(row.language).reservation.summary.calendarFileName };
}

/**
 * The guest cancels: allowed for a pending or confirmed reservation until `guest_cancel_limit_hours` before it.
 * Staff see it as cancelled by the guest, live and by push; the guest gets the cancellation email.
 */
export async function cancelByGuest(deps: ServiceDeps, token: string): Promise<SelfServiceView> {
  return deps.db.transaction(async (tx) => {
    const current = await reservationFor(tx, token, true);
    const config = await getRestaurantConfig(tx);
    const now = deps.clock.now();
    if (current.status === 'cancelled') throw conflict('already_cancelled', guestText('selfService.errors.alreadyCancelled'));
    if (!findTransition('guestCancel', current)) throw conflict('not_cancellable', guestText('selfService.errors.notCancellable'));
    if (now.getTime() >= cancelDeadline(current, config.guestCancelLimitHours).getTime()) {
      throw conflict('cancel_deadline_passed', guestText('selfService.errors.deadlinePassed'));
    }
    const done = await transition(tx, current, 'guestCancel', { kind: 'guest' }, { now, publicUrl: deps.publicUrl, reason: g.cancelledReason });
    const updated = done!.after;
    await enqueuePushToAdmins(tx, guestCancelledPush(updated));
    // A cancelled booking's page shows no card: released at once if in time (payments, on the change bus), else kept
    // for the fee the restaurant may charge, as the dialog said before the guest confirmed.
    return view(config, updated, now, token, await guaranteeView(tx, updated, now));
  });
}

/**
 * Another date, time or party size: a new pending request under the public form's rules (availability, the
 * per-email limit, pacing), linked to the reservation it would replace, which stays as it is until staff decide.
 * It cancels the party's earlier pending request, so staff see the latest. The consent given with the original
 * request covers it, so no second consent row is written.
 */
export async function requestChange(deps: ServiceDeps, token: string, input: ChangeRequest): Promise<ChangeRequestResult> {
  return deps.db.transaction(async (tx) => {
    const id = await reservationIdForToken(tx, token);
    const locked = id ? await lockWithOriginal(tx, id) : null;
    if (!locked) throw notFound(guestText('selfService.errors.notFound'));
    const { current } = locked;
    // A walk-in (no phone, no email) never had a link; the check keeps the types honest.
    if (!isActive(current.status) || hasStarted(current, deps.clock.now()) || !current.customerEmail || !current.customerPhone) {
      throw conflict('not_changeable', guestText('selfService.errors.notChangeable'));
    }
    const replaced = replacedBy(current, locked.original);
    const requestId = input.id ?? randomUUID();
    // A retry of a request already made is answered by placeRequest; it must not cancel a newer one.
    if (!(await findReservation(tx, requestId))) await cancelPendingChanges(tx, replaced.id, undefined, { kind: 'guest' }, deps.clock.now());
    // The notes of the booking it replaces (the guest's own words first, so they stay the guest's) carry over.
    const note = [
      replaced.adminNotes,
      formatMessage(g.replacesNote, { date: formatLongDate(replaced.reservationDate), time: replaced.reservationTime }),
    ]
      .filter(Boolean)
      .join('\n');
    const { reservation, created } = await placeRequest(
      tx,
      deps,
      {
        id: requestId,
        customerName: current.customerName,
        customerPhone: current.customerPhone,
        customerEmail: current.customerEmail,
        numberOfPeople: input.numberOfPeople,
        reservationDate: input.reservationDate,
        reservationTime: input.reservationTime,
        language: current.language,
        // Like the privacy consent, the choice of WhatsApp or SMS made with the booking carries over.
        messaging: { phoneE164: current.customerPhoneE164 ?? phoneE164Of(current.customerPhone), channel: current.messagingChannel },
        ...(current.source === 'google' ? { origin: GOOGLE_ORIGIN } : {}),
      },
      { adminNotes: note, consent: false, replaces: replaced },
    );
    if (created) {
      // The request's own log starts with the guest asking for it, naming the reservation it would replace.
      const changes: Record<string, [unknown, unknown]> = {
        reservationDate: [replaced.reservationDate, input.reservationDate],
        reservationTime: [replaced.reservationTime, input.reservationTime],
        numberOfPeople: [replaced.numberOfPeople, input.numberOfPeople],
      };
      await logChange(tx, { reservationId: reservation.id, at: deps.clock.now(), actor: { kind: 'guest' }, action: 'created', changes });
    }
    return reservation;
  });
}
