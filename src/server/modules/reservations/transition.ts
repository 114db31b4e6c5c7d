// Every change of a reservation's status or arrival, whoever makes it (issue 42, decision 034): staff, the guest from
// the private page, a closure, a change request superseding a booking. One path, so each such change is checked
// against the lifecycle table, raises the revision (the calendar file's SEQUENCE), has its line in the change log and
// its live event. Only a guest's erasure cancels on its own (privacy/erasure-queries.ts): it deletes the log anyway.
import { arrivalAllowed, findTransition, type LifecycleAction } from '@shared/rules/lifecycle.ts';
import type { ArrivalStatus } from '@shared/schemas/reservation.ts';
import type { Transaction } from '../../db/client.ts';
import { recordChange } from '../../platform/events.ts';
import { seatIfUnseated } from '../capacity/service.ts';
import { recheckTables } from '../tables/service.ts';
import { findForUpdate, type ReservationRow, updateReservation } from './admin-queries.ts';
import { type Actor, changedFields, logChange } from './change-log.ts';
import { notifyGuestOfStatus } from './guest-notices.ts';
import { newUndoHold, restorePoint, type UndoHold } from './undo-service.ts';

/** A lifecycle action, or a new arrival state (with staff's note, when they wrote one). */
export type TransitionAction = LifecycleAction | { arrival: ArrivalStatus; adminNotes?: string | undefined };

export interface TransitionOptions {
  now: Date;
  publicUrl?: URL | undefined;
  /** The cancellation's reason: staff's, the closure's, the guest's fixed one, what superseded the booking. */
  reason?: string | null;
  /** A staff change 'Deshacer' may take back (the default); a closure's, or one a confirmed change request made, not. */
  undoable?: boolean;
  /** The undo hold of a change made of several (decision 064: 'Confirmar todas'); a change of its own gets a new one. */
  hold?: UndoHold;
}

export interface TransitionDone {
  before: ReservationRow;
  after: ReservationRow;
  /** The undo window of a staff change (its guest email waits in the outbox until it is over). */
  hold: UndoHold | null;
}

/**
 * Locks the reservation, and changes it only as the lifecycle table allows: null when it does not (or the row is
 * gone), and nothing is written. The caller has taken the date's locks it needs (covers, floor) before.
 */
export async function transition(
  tx: Transaction,
  reservation: Pick<ReservationRow, 'id'>,
  action: TransitionAction,
  actor: Actor,
  options: TransitionOptions,
): Promise<TransitionDone | null> {
  const before = await findForUpdate(tx, reservation.id);
  if (!before) return null;
  const change = changeOf(before, action, options);
  if (!change) return null;
  const { now } = options;
  const after = await updateReservation(tx, before.id, { ...change.values, updatedAt: now });
  await recheckTables(tx, before, after);
  if (change.logAction === 'status' && after.status === 'confirmed') await seatIfUnseated(tx, after);
  const hold = actor.kind === 'staff' && options.undoable !== false ? (options.hold ?? newUndoHold(now)) : null;
  if (change.emailsGuest) await notifyGuestOfStatus(tx, after, options.publicUrl, now, hold);
  const undo = hold && { group: hold.group, restore: restorePoint(before, after) };
  await logChange(tx, { reservationId: before.id, at: now, actor, action: change.logAction, changes: changedFields(before, after), undo });
  await recordChange(tx, { table: 'reservations', action: 'update', id: before.id });
  return { before, after, hold };
}

function changeOf(current: ReservationRow, action: TransitionAction, options: TransitionOptions) {
  if (typeof action !== 'string') {
    if (!arrivalAllowed(current, action.arrival)) return null;
    // The arrival's instant: kept when 'Llegó' is tapped again, forgotten when the party is marked otherwise.
    const arrivedAt = action.arrival !== 'arrived' ? null : current.arrivalStatus === 'arrived' ? current.arrivedAt : options.now;
    const values = { arrivalStatus: action.arrival, arrivedAt, ...(action.adminNotes ? { adminNotes: action.adminNotes } : {}) };
    return { values, logAction: 'arrival' as const, emailsGuest: false };
  }
  const step = findTransition(action, current);
  if (!step) return null;
  const cancelled = step.to === 'cancelled';
  // A closure is the restaurant's doing; a superseded booking or an erasure the guest's.
  const cancelledBy = step.by === 'staff' || action === 'closure' ? ('staff' as const) : ('guest' as const);
  const values = {
    status: step.to,
    cancellationReason: cancelled ? (options.reason ?? null) : current.cancellationReason,
    ...(cancelled ? { cancelledBy, cancelledAt: options.now } : {}),
  };
  return { values, logAction: 'status' as const, emailsGuest: step.email !== null };
}
