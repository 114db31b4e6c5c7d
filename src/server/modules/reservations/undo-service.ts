// 'Deshacer' (issue 19): for UNDO_WINDOW_MS the staff member who made a change can take it back. The change's line
// in the log keeps what to put back; the guest emails it caused wait in the outbox past the window, tagged with the
// change's group, and an undo deletes them: an undone change never emails anyone.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { UNDO_EMAIL_HOLD_MS, UNDO_GRACE_MS, UNDO_WINDOW_MS } from '@shared/limits.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { AdminReservation, UndoAnswer, UndoTicket } from '@shared/schemas/staff-reservation.ts';
import { reservationChanges, type RestorePoint } from '../../db/schema.ts';
import type { Transaction } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { type NewEmail, withdrawHeldEmails } from '../../platform/outbox.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { withdrawHeldMessages } from '../messaging/service.ts';
import { restoreReminders } from '../notifications/service.ts';
import { recheckTables, replaceTables } from '../tables/service.ts';
import { findForUpdate, type ReservationRow, toAdminReservation, updateReservation } from './admin-queries.ts';
import { type Actor, changedFields, logChange } from './change-log.ts';

const text = staffMessages.admin.undo;

type ChangeLine = typeof reservationChanges.$inferSelect;

/** One staff change that 'Deshacer' may take back: its group names the change's log lines and held emails. */
export interface UndoHold {
  group: string;
  at: Date;
}

export const newUndoHold = (now: Date): UndoHold => ({ group: randomUUID(), at: now });

export const undoTicket = (hold: UndoHold): UndoTicket => ({
  group: hold.group,
  expiresAt: new Date(hold.at.getTime() + UNDO_WINDOW_MS).toISOString(),
});

/** A guest email the change causes, held in the outbox until its undo window (and grace) is over. */
export const heldEmail = (email: NewEmail, hold: UndoHold | null): NewEmail => ({ ...email, ...heldDelivery(hold) });

/** How a guest email or message the change causes waits out its undo window; null: it goes at once. */
export const heldDelivery = (hold: UndoHold | null) => (hold ? { deferMs: UNDO_EMAIL_HOLD_MS, undoGroup: hold.group } : null);

/** What an undo of the change from `before` to `after` puts back; `tableIds`: the tables before, when it changed them. */
export function restorePoint(
  before: ReservationRow,
  after: ReservationRow,
  tableIds: string[] | null = null,
  reminders: RestorePoint['reminders'] = [],
): RestorePoint {
  const { status, cancellationReason, cancelledBy, arrivalStatus, customerName, customerPhone, customerEmail } = before;
  const { numberOfPeople, reservationDate, reservationTime, adminNotes, guestId, customerPhoneE164, guestConfirmedAt, arrivedAt } = before;
  return {
    revision: after.revision,
    state: {
      status,
      cancellationReason,
      cancelledBy,
      arrivalStatus,
      customerName,
      customerPhone,
      customerPhoneE164,
      guestConfirmedAt,
      arrivedAt,
      customerEmail,
      numberOfPeople,
      reservationDate,
      reservationTime,
      adminNotes,
      guestId,
    },
    tableIds,
    reminders,
  };
}

/** Kept as JSON in the change log, an instant comes back as its ISO text; an older restore point has none. */
const instantBack = <K extends string>(key: K, value: Date | string | null | undefined) =>
  value === undefined ? {} : ({ [key]: value === null ? null : new Date(value) } as Record<K, Date | null>);

/**
 * Takes back a staff change: only its author, only within the window (plus the grace a tap needs to arrive), only
 * while nothing has changed its reservations since, and only while its guest emails are still held. All or nothing:
 * a batch ('Confirmar todas', decision 064) is one change with a line per booking, all put back or none.
 */
export async function undoStaffChange({ db, clock }: ServiceDeps, group: string, actor: Actor): Promise<UndoAnswer> {
  return db.transaction(async (tx) => {
    // In reservation order, as the batch locked them: an undo and a change of the same bookings queue, never deadlock.
    const lines = await tx
      .select()
      .from(reservationChanges)
      .where(eq(reservationChanges.undoGroup, group))
      .orderBy(asc(reservationChanges.reservationId))
      .for('update');
    const [first] = lines;
    if (!first || actor.kind !== 'staff' || lines.some((line) => !line.restore || line.userId !== actor.userId)) throw notFound(text.nothing);
    if (lines.some((line) => line.undoneAt)) throw conflict('already_undone', text.already);
    if (clock.now().getTime() - first.at.getTime() > UNDO_WINDOW_MS + UNDO_GRACE_MS) throw conflict('undo_expired', text.expired);
    const currents: ReservationRow[] = [];
    for (const line of lines) {
      const current = await findForUpdate(tx, line.reservationId);
      if (!current || current.revision !== line.restore!.revision) throw conflict('undo_stale', text.changedSince);
      currents.push(current);
    }
    if (!(await withdrawHeldEmails(tx, group)) || !(await withdrawHeldMessages(tx, group))) throw conflict('undo_sent', text.emailSent);

    const restored: AdminReservation[] = [];
    for (const [index, line] of lines.entries()) restored.push(await putBack(tx, clock.now(), line, currents[index]!, actor));
    await tx
      .update(reservationChanges)
      .set({ undoneAt: clock.now() })
      .where(and(eq(reservationChanges.undoGroup, group), isNull(reservationChanges.undoneAt)));
    return restored.length === 1 ? restored[0]! : { reservations: restored };
  });
}

/** One booking of the change as its line's restore point had it, logged as undone. */
async function putBack(tx: Transaction, now: Date, line: ChangeLine, current: ReservationRow, actor: Actor): Promise<AdminReservation> {
  const restore = line.restore!;
  const { guestConfirmedAt, arrivedAt, ...state } = restore.state;
  const confirmation = { ...instantBack('guestConfirmedAt', guestConfirmedAt), ...instantBack('arrivedAt', arrivedAt) };
  // Undoing a cancellation forgets its time (a late cancellation weighs on the guest's no-show risk).
  const cancellation = state.status === 'cancelled' ? {} : { cancelledAt: null };
  const restored = await updateReservation(tx, current.id, { ...state, ...confirmation, ...cancellation, updatedAt: now });
  if (restore.tableIds) await replaceTables(tx, restored, restore.tableIds);
  else await recheckTables(tx, current, restored);
  await restoreReminders(tx, current.id, restore.reminders ?? []);
  const changes = changedFields(current, restored);
  const tables = line.changes['tables'];
  if (tables) changes['tables'] = [tables[1], tables[0]];
  await logChange(tx, { reservationId: current.id, at: now, actor, action: 'undone', changes });
  await recordChange(tx, { table: 'reservations', action: 'update', id: current.id });
  return toAdminReservation(restored);
}
