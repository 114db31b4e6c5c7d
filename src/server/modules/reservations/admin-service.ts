import { SERVICE_SEARCH_MAX } from '@shared/limits.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { StaffAction } from '@shared/rules/lifecycle.ts';
import { addDays, madridToday } from '@shared/rules/madrid-time.ts';
import { type AdminReservation, type ArrivalChange, type ManualReservationCreated, type manualReservationSchema, type statusChangeSchema } from '@shared/schemas/staff-reservation.ts';
import { HISTORY_PAGE_SIZE, type HistoryPage, type historyQuerySchema, type ReservationChange } from '@shared/schemas/reservation-history.ts';
import { type ActiveReservationsQuery } from '@shared/schemas/closures.ts';
import type { z } from 'zod';
import type { Executor, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { passStaffClosure } from './closure-check.ts';
import { guestSummaries, linkGuest } from '../guests/service.ts';
import { whatsappChatUrl } from '../messaging/service.ts';
import { holdTables, manualPacingWarning, placeForStaff } from '../capacity/service.ts';
import { noFreeTableWarning, replaceTables, tableNames } from '../tables/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import * as q from './admin-queries.ts';
import { confirmReplacing, lockWithOriginal } from './change-requests.ts';
import { type Actor, changedFields, changeLog, logChange } from './change-log.ts';
import { outsideHoursCheck } from './closure-effects.ts';
import { guaranteeSummaries } from './guarantee-queries.ts';
import { riskOf } from './risk.ts';
import { phoneE164Of } from '../messaging/service.ts';
import { transition } from './transition.ts';
import { undoTicket } from './undo-service.ts';
import { bookingDetails, findReservation, insertReservation } from './public-queries.ts';
import { warnStaffOfDuplicate } from './duplicates.ts';
import { notifyGuestOfStatus } from './guest-notices.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';

const errors = staffMessages.admin.errors;
/** Lists that are not paged are still bounded: no screen shows more than this at once. */
const LIST_LIMIT = 1000;

type StatusChangeInput = z.output<typeof statusChangeSchema>;

/** The lifecycle action a status change asks for: a cancellation without a reason is the upcoming view's 'Rechazar'. */
function actionOf(change: StatusChangeInput): StaffAction {
  if (change.status === 'confirmed') return 'confirm';
  if (change.status === 'completed') return 'complete';
  return change.requireReason ? 'cancel' : 'reject';
}

const today = (clock: Clock) => madridToday(clock.now());

/**
 * The cards of the staff lists carry the guest's history, whether a kept booking now falls outside the hours
 * ('Fuera de horario'), its card guarantee, the link of a WhatsApp chat with the guest and the no-show risk (from
 * the history and the card already read): four more queries per list, whatever its length, run side by side.
 */
async function withGuests(db: Executor, rows: q.ReservationRow[], clock: Clock): Promise<AdminReservation[]> {
  const [summaries, outside, guarantees, { name: restaurantName }] = await Promise.all([
    guestSummaries(db, rows),
    outsideHoursCheck(db, rows),
    guaranteeSummaries(db, rows.map((row) => row.id)),
    getRestaurantConfig(db),
  ]);
  const day = today(clock);
  return rows.map((row, index) => {
    const guest = summaries[index] ?? null;
    const guarantee = guarantees.get(row.id) ?? null;
    return {
      ...q.toAdminReservation(row),
      guest,
      outsideHours: outside(row),
      guarantee,
      whatsappUrl: whatsappChatUrl(restaurantName, row),
      noShowRisk: riskOf(row, day, guest, guarantee?.state === 'saved'),
      changeRequest: row.previousReservationId !== null,
    };
  });
}

export async function todaysReservations({ db, clock }: ServiceDeps): Promise<AdminReservation[]> {
  return withGuests(db, await q.reservationsOfDay(db, today(clock)), clock);
}

export async function upcomingReservations({ db, clock }: ServiceDeps): Promise<AdminReservation[]> {
  return withGuests(db, await q.reservationsFrom(db, addDays(today(clock), 1), LIST_LIMIT), clock);
}

/** 'Buscar' on Reservas (issue 22): today's and the coming days' bookings by name, email or any digits of the phone. */
export async function searchServiceReservations({ db, clock }: ServiceDeps, search: string): Promise<AdminReservation[]> {
  if (search === '') return [];
  return withGuests(db, await q.searchFrom(db, today(clock), search, SERVICE_SEARCH_MAX), clock);
}

export async function pendingReservations({ db, clock }: ServiceDeps): Promise<AdminReservation[]> {
  return withGuests(db, await q.pendingFrom(db, today(clock), LIST_LIMIT), clock);
}

export async function pendingCount({ db, clock }: ServiceDeps): Promise<{ count: number }> {
  return { count: await q.countPendingFrom(db, today(clock)) };
}

export async function reservationHistory(
  { db, clock }: ServiceDeps,
  query: z.output<typeof historyQuerySchema>,
): Promise<HistoryPage> {
  const { items, total, totalIsCapped } = await q.historyPage(db, query, HISTORY_PAGE_SIZE);
  return { items: await withGuests(db, items, clock), total, totalIsCapped, page: query.page, pageSize: HISTORY_PAGE_SIZE };
}

async function lockedReservation(tx: Transaction, id: string) {
  const row = await q.findForUpdate(tx, id);
  if (!row) throw notFound(errors.reservationNotFound);
  return row;
}

/**
 * Changes the status and queues the guest's email in the same transaction: both happen, or neither. Confirming a
 * guest's change request replaces the reservation it asked to move, under the date's covers lock (decision 017).
 */
export async function changeStatus(
  { db, clock, publicUrl }: ServiceDeps,
  id: string,
  change: StatusChangeInput,
  actor: Actor,
): Promise<AdminReservation> {
  return db.transaction(async (tx) => {
    const locked = await lockWithOriginal(tx, id);
    if (!locked) throw notFound(errors.reservationNotFound);
    const { current, original } = locked;
    const action = actionOf(change);
    const refused = () => conflict('transition_not_allowed', errors.transitionNotAllowed);
    if (change.from !== undefined && change.from !== current.status) throw refused();
    const now = clock.now();
    // Confirming a guest's change request also cancels what it replaces: that is not taken back by 'Deshacer'.
    const reason = change.status === 'cancelled' ? (change.reason ?? null) : null;
    const options = { now, publicUrl, reason, undoable: !original };
    // A change the lifecycle table refuses writes nothing; what confirmReplacing wrote rolls back with the throw.
    const apply = async () => {
      const done = await transition(tx, current, action, actor, options);
      if (!done) throw refused();
      return done;
    };
    const { after, hold } =
      change.status === 'confirmed' && original ? await confirmReplacing(tx, current, original, actor, now, apply) : await apply();
    return { ...q.toAdminReservation(after), ...(hold ? { undo: undoTicket(hold) } : {}) };
  });
}

/**
 * A no-show who arrives after all holds their tables again: re-checked as seating checks them (decision 017). A
 * change made from an older revision than the booking's is refused, as a stale edit is (decision 062).
 */
export async function changeArrival(
  { db, clock }: ServiceDeps,
  id: string,
  change: ArrivalChange,
  actor: Actor,
): Promise<AdminReservation> {
  return db.transaction(async (tx) => {
    const current = await lockedReservation(tx, id);
    if (change.revision !== undefined && change.revision !== current.revision) throw conflict('stale', staffMessages.admin.edit.stale);
    const arrival = { arrival: change.arrivalStatus, adminNotes: change.adminNotes };
    const done = await transition(tx, current, arrival, actor, { now: clock.now() });
    if (!done) {
      const completed = current.status === 'completed' && change.arrivalStatus === 'pending';
      throw conflict('arrival_not_allowed', completed ? errors.arrivalBackAfterCompleted : errors.arrivalNotAllowed);
    }
    // Staff's change has its 'Deshacer'; an API key's has none (transition.ts).
    return { ...q.toAdminReservation(done.after), ...(done.hold ? { undo: undoTicket(done.hold) } : {}) };
  });
}

/**
 * A reservation taken by phone or at the door: confirmed at once; a guest with an email gets the confirmation (private
 * link, .ics) in the same transaction unless staff unticked 'Enviar confirmación al cliente' (decision 063). It may
 * pass a covers-pacing maximum; the answer then carries the warning. A guest with an overlapping booking that day
 * is a 409 unless staff confirmed it ('Guardar igualmente').
 */
export async function createManualReservation(
  { db, clock, publicUrl }: ServiceDeps,
  input: z.output<typeof manualReservationSchema>,
  actor: Actor,
): Promise<ManualReservationCreated> {
  if (input.reservationDate < today(clock)) {
    throw new AppError(400, 'validation_failed', errors.datePast, { reservationDate: errors.datePast });
  }
  return db.transaction(async (tx) => {
    if (!input.confirmDuplicate) await warnStaffOfDuplicate(tx, input);
    const placed = await placeStaffBooking(tx, clock, input, actor);
    if (input.customerEmail && input.sendConfirmation !== false) {
      await notifyGuestOfStatus(tx, placed.row, publicUrl, clock.now(), null);
    }
    return manualCreated(input, placed);
  });
}

const manualCreated = (input: z.output<typeof manualReservationSchema>, placed: StaffBookingPlaced): ManualReservationCreated => ({
  ...q.toAdminReservation(placed.row),
  pacingWarning: placed.pacingWarning,
  tableWarning: placed.noFreeTable ? noFreeTableWarning(input.numberOfPeople) : placed.tableWarnings.join('. ') || null,
});

/** A manual reservation's rules and writes, in the caller's transaction (the waitlist's 'Reservar': no guest email). */
export async function placeManualReservation(
  tx: Transaction,
  clock: Clock,
  input: z.output<typeof manualReservationSchema>,
  actor: Actor,
): Promise<ManualReservationCreated> {
  return manualCreated(input, await placeStaffBooking(tx, clock, input, actor));
}

/** What placing a staff booking did beyond the row: forced into a closed time, past the pacing, without a table. */
export interface StaffBookingPlaced {
  row: q.ReservationRow;
  closed: boolean;
  pacingWarning: ManualReservationCreated['pacingWarning'];
  noFreeTable: boolean;
  /** The floor rules the tables staff chose break ('Cambiar mesa''s warnings). */
  tableWarnings: string[];
}

/**
 * A booking placed as staff place it: the closure passed (or overridden and recorded), the pacing warned, tables
 * held when free, the guest linked, the change logged. An import's booking (issue 49) comes with its guest already
 * written and its closure already read (for its whole batch), is pending when the other system had it so, carries
 * the import's id for its undo, and is announced on the change bus once per batch by the import.
 */
export async function placeStaffBooking(
  tx: Transaction,
  clock: Clock,
  input: z.output<typeof manualReservationSchema>,
  actor: Actor,
  imported?: { importId: string; status: 'pending' | 'confirmed'; guestId: string | null; closed: boolean },
): Promise<StaffBookingPlaced> {
  const closed = imported ? imported.closed : await passStaffClosure(tx, input.reservationDate, input.reservationTime, input.override);
  const pacingWarning = await manualPacingWarning(tx, input);
  const request = { date: input.reservationDate, time: input.reservationTime, party: input.numberOfPeople };
  const chosen = input.tableIds?.length ? input.tableIds : null;
  const seating = chosen ? { tableIds: null, noFreeTable: false } : await placeForStaff(tx, await getRestaurantConfig(tx), request);
  const row = await insertReservation(tx, {
    ...bookingDetails(input),
    customerPhoneE164: phoneE164Of(input.customerPhone),
    status: imported?.status ?? 'confirmed',
    source: 'admin',
    adminNotes: input.notes,
    guestId: imported ? imported.guestId : await linkGuest(tx, { email: input.customerEmail, phone: input.customerPhone }, clock.now()),
    importId: imported?.importId ?? null,
    createdAt: clock.now(),
  });
  if (seating.tableIds) await holdTables(tx, row.id, seating.tableIds);
  // Tables staff chose: refused when another booking holds one then, as 'Cambiar mesa' refuses it (issue 52, item 3).
  const tableWarnings = chosen ? (await replaceTables(tx, row, [...chosen])).warnings : [];
  const changes = changedFields(null, row);
  if (chosen) changes['tables'] = [[], await tableNames(tx, [...chosen])];
  await logChange(tx, { reservationId: row.id, at: clock.now(), actor, action: 'created', changes, override: closed });
  if (!imported) await recordChange(tx, { table: 'reservations', action: 'insert', id: row.id });
  return { row, closed, pacingWarning, noFreeTable: seating.noFreeTable, tableWarnings };
}

/** What a closure or a time block would hit: the date's active bookings, in [from, to) when given (issue 19). */
export async function activeReservations({ db }: ServiceDeps, query: ActiveReservationsQuery): Promise<AdminReservation[]> {
  return (await q.activeOn(db, query.date, LIST_LIMIT, query.from, query.to)).map(q.toAdminReservation);
}

/** A reservation's 'Historial de cambios', oldest first; 404 for an unknown reservation. */
export async function reservationChangeLog({ db }: ServiceDeps, id: string): Promise<ReservationChange[]> {
  if (!(await findReservation(db, id))) throw notFound(errors.reservationNotFound);
  return changeLog(db, id);
}
