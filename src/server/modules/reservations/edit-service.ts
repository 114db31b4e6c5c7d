// 'Editar reserva' (issue 19): staff change any field of an active booking. A new date, time or party size passes
// the same checks as a manual reservation plus the covers maxima; 'Guardar igualmente' saves past them, recorded.
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import type { AdminReservation, reservationEditSchema } from '@shared/schemas/staff-reservation.ts';
import type { SeatTablesResult } from '@shared/schemas/table.ts';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { lockFloorDate, withCoversCounted } from '../capacity/service.ts';
import { linkGuest } from '../guests/service.ts';
import { reservationNotice, sendGuestNotice } from '../messaging/service.ts';
import { emailGuaranteeOf, forgetReminders, modifiedEmail } from '../notifications/service.ts';
import { guestEmailExtras } from '../private-links/service.ts';
import { phoneE164Of } from '../messaging/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import { refitTables, replaceTables, tableNames, tablesOf } from '../tables/service.ts';
import { findForUpdate, type ReservationRow, toAdminReservation, updateReservation } from './admin-queries.ts';
import { type Actor, changedFields, logChange } from './change-log.ts';
import { holdsPlace } from './change-requests.ts';
import { passStaffClosure } from './closure-check.ts';
import { heldDelivery, heldEmail, newUndoHold, restorePoint, type UndoHold, undoTicket } from './undo-service.ts';
import { calendarIdentity } from './change-chain.ts';

type ReservationEdit = z.output<typeof reservationEditSchema>;
const text = staffMessages.admin.edit;
const errors = staffMessages.admin.errors;

const sameIds = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();

export async function editReservation(
  { db, clock, publicUrl }: ServiceDeps,
  id: string,
  edit: ReservationEdit,
  actor: Actor,
): Promise<AdminReservation> {
  return db.transaction(async (tx) => {
    const current = await findForUpdate(tx, id);
    if (!current) throw notFound(errors.reservationNotFound);
    if (!holdsPlace(current.status)) throw conflict('not_active', text.notActive);
    if (edit.revision !== current.revision) throw conflict('stale', text.stale);
    const now = clock.now();
    const moved = edit.reservationDate !== current.reservationDate || edit.reservationTime !== current.reservationTime;
    const resized = edit.numberOfPeople !== current.numberOfPeople;
    if (moved && edit.reservationDate < madridToday(now)) {
      throw new AppError(400, 'validation_failed', errors.datePast, { reservationDate: errors.datePast });
    }
    const closed = moved && (await passStaffClosure(tx, edit.reservationDate, edit.reservationTime, edit.override));

    const tablesBefore = await tablesOf(tx, id);
    const newTables = edit.tableIds && !sameIds(edit.tableIds, tablesBefore.map((table) => table.id)) ? edit.tableIds : null;
    const values = {
      customerName: edit.customerName,
      customerPhone: edit.customerPhone,
      customerEmail: edit.customerEmail,
      numberOfPeople: edit.numberOfPeople,
      reservationDate: edit.reservationDate,
      reservationTime: edit.reservationTime,
      adminNotes: edit.notes,
    };
    const unchanged = Object.entries(values).every(([field, value]) => current[field as keyof typeof values] === value);
    if (unchanged && !newTables) return toAdminReservation(current);

    const contactChanged = edit.customerEmail !== current.customerEmail || edit.customerPhone !== current.customerPhone;
    // A guest's request takes the date's floor lock, then the covers lock, then the guest's row; an edit that may
    // re-seat or re-count takes them in the same order, so the two can never wait on each other.
    if (contactChanged && (moved || resized)) await lockFloorDate(tx, edit.reservationDate);
    const apply = async () => {
      const guestId = contactChanged ? await linkGuest(tx, { email: edit.customerEmail, phone: edit.customerPhone }, now) : current.guestId;
      // A new number is read again for WhatsApp and SMS (issue 46); the guest's choice of channel stays.
      const phoneE164 = edit.customerPhone === current.customerPhone ? current.customerPhoneE164 : phoneE164Of(edit.customerPhone);
      // 'Confirmó asistencia' was for the old date and time: the new one is asked again (its reminder is forgotten too).
      const confirmation = moved ? { guestConfirmedAt: null } : {};
      return updateReservation(tx, id, { ...values, customerPhoneE164: phoneE164, ...confirmation, guestId, updatedAt: now });
    };
    const { result: updated, excess } = moved || resized ? await withCoversCounted(tx, edit, apply) : { result: await apply(), excess: null };
    if (excess && !edit.override) throw conflict(excess.code, excess.message);

    // Tables staff chose are kept, with what they break said; otherwise 'Por mesas' finds the party a place again.
    const seated = newTables ? await replaceTables(tx, updated, newTables) : null;
    const refit = seated ? null : await refitTables(tx, current, updated);
    const tablesAfter = seated?.tableIds ?? refit?.tableIds ?? null;
    const tableWarnings = seated?.warnings ?? (refit?.warning ? [refit.warning] : []);

    const forgotten = moved ? await forgetReminders(tx, id) : [];
    const hold = newUndoHold(now);
    if (moved || resized) await notifyModified(tx, updated, publicUrl, now, hold);
    const changes = changedFields(current, updated);
    if (tablesAfter) changes['tables'] = [tablesBefore.map((table) => table.name), await tableNames(tx, tablesAfter)];
    const restore = restorePoint(current, updated, tablesAfter ? tablesBefore.map((table) => table.id) : null, forgotten);
    const override = closed || excess !== null || (seated?.warnings.length ?? 0) > 0;
    await logChange(tx, { reservationId: id, at: now, actor, action: 'edited', changes, override, undo: { group: hold.group, restore } });
    await recordChange(tx, { table: 'reservations', action: 'update', id });
    return { ...toAdminReservation(updated), undo: undoTicket(hold), ...(tableWarnings.length > 0 ? { tableWarnings } : {}) };
  });
}

/**
 * Seating from the table map: the tables change like an edit's, so the change is logged (an override when the
 * seating breaks a floor rule), it raises the revision (an edit form opened before it is stale) and can be undone.
 */
export async function seatAtTables({ db, clock }: ServiceDeps, id: string, tableIds: string[], actor: Actor): Promise<SeatTablesResult> {
  return db.transaction(async (tx) => {
    const current = await findForUpdate(tx, id);
    if (!current) throw notFound(errors.reservationNotFound);
    if (current.status === 'cancelled') throw conflict('reservation_cancelled', tableMessages.seating.cancelled);
    const tablesBefore = await tablesOf(tx, id);
    const seated = await replaceTables(tx, current, tableIds);
    if (sameIds(seated.tableIds, tablesBefore.map((table) => table.id))) return seated;
    const now = clock.now();
    const updated = await updateReservation(tx, id, { updatedAt: now });
    const hold = newUndoHold(now);
    const changes = { tables: [tablesBefore.map((table) => table.name), await tableNames(tx, seated.tableIds)] as [unknown, unknown] };
    const restore = restorePoint(current, updated, tablesBefore.map((table) => table.id));
    const override = seated.warnings.length > 0;
    await logChange(tx, { reservationId: id, at: now, actor, action: 'edited', changes, override, undo: { group: hold.group, restore } });
    await recordChange(tx, { table: 'reservations', action: 'update', id });
    return { ...seated, undo: undoTicket(hold) };
  });
}

/**
 * 'Reserva modificada' with the calendar file (same UID, a higher SEQUENCE: calendarIdentity), held for the undo window; by
 * the guest's channel when they chose one (issue 46).
 */
async function notifyModified(tx: Transaction, reservation: ReservationRow, publicUrl: URL | undefined, now: Date, hold: UndoHold) {
  const config = await getRestaurantConfig(tx);
  let email = null;
  if (reservation.customerEmail && (await getNotificationSettings(tx)).emailNotificationsEnabled) {
    const calendarEvent = await calendarIdentity(tx, reservation);
    const extras = guestEmailExtras(config, { ...reservation, calendarEvent }, publicUrl, now, true);
    const guarantee = await emailGuaranteeOf(tx, reservation, now);
    email = heldEmail(modifiedEmail(config, { ...reservation, guarantee }, reservation.customerEmail, extras), hold);
  }
  await sendGuestNotice(tx, reservationNotice('modification', reservation, { restaurant: config.name, email, publicUrl, held: heldDelivery(hold) }), now);
}
