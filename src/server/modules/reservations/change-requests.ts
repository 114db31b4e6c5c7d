// A guest's change request and the reservation it would replace are one party (decision 017): only one of them
// will be served. Confirming the request cancels the original in the same transaction, and a party has at most one
// pending request at a time. Rows are always locked original first, then request, by guests and staff alike.
import { and, asc, eq, ne } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';
import { withCoversChecked } from '../capacity/service.ts';
import { findForUpdate, type ReservationRow } from './admin-queries.ts';
import type { Actor } from './change-log.ts';
import { carryGuarantee } from './guarantee-queries.ts';
import { transition } from './transition.ts';
import { findReservation } from './public-queries.ts';

const g = selfServiceMessages;

export const holdsPlace = (status: ReservationRow['status']) => status === 'pending' || status === 'confirmed';

/** The reservation and, locked before it, the one it asks to replace; null when the id is unknown. */
export async function lockWithOriginal(
  tx: Transaction,
  id: string,
): Promise<{ current: ReservationRow; original: ReservationRow | null } | null> {
  const peek = await findReservation(tx, id);
  if (!peek) return null;
  const original = peek.previousReservationId ? await findForUpdate(tx, peek.previousReservationId) : null;
  const current = await findForUpdate(tx, id);
  return current ? { current, original } : null;
}

/**
 * What a new change request from `current`'s link replaces: the original `current` itself asks to replace while
 * `current` is a pending change of a pending or confirmed reservation (the guest changes their mind), else `current`.
 */
export function replacedBy(current: ReservationRow, original: ReservationRow | null): ReservationRow {
  return current.status === 'pending' && original && holdsPlace(original.status) ? original : current;
}

/** The same, read without locks, for the change form's availability. */
export async function findReplaced(db: Executor, id: string): Promise<ReservationRow | null> {
  const current = await findReservation(db, id);
  if (!current) return null;
  const original = current.previousReservationId ? await findReservation(db, current.previousReservationId) : null;
  return replacedBy(current, original);
}

/** Cancels the pending change requests of `originalId`, but `keepId`: a newer request or a confirmed one replaces them. */
export async function cancelPendingChanges(tx: Transaction, originalId: string, keepId: string | undefined, actor: Actor, now: Date): Promise<void> {
  const pending = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.previousReservationId, originalId),
        eq(reservations.status, 'pending'),
        keepId ? ne(reservations.id, keepId) : undefined,
      ),
    )
    .orderBy(asc(reservations.id));
  for (const request of pending) await transition(tx, request, 'superseded', actor, { now, reason: g.supersededReason, undoable: false });
}

/**
 * A guest's change request confirmed, by staff or at once by 'Confirmación automática': the original it replaces, if
 * it still holds its place, is cancelled as replaced (no email: the guest gets the confirmation of the new one), and
 * its other pending requests with it. The original's saved card passes to the request: a change is not a
 * cancellation (decision 041). `confirm` confirms the request itself (staff's transition; nothing when it was placed
 * confirmed). All of it runs under the date's covers lock and is refused if it raised a count (decision 017).
 */
export async function confirmReplacing<T>(
  tx: Transaction,
  request: ReservationRow,
  original: Pick<ReservationRow, 'id'>,
  actor: Actor,
  now: Date,
  confirm: () => Promise<T>,
): Promise<T> {
  return withCoversChecked(tx, request, async () => {
    const reason = formatMessage(g.replacedReason, { date: formatLongDate(request.reservationDate), time: request.reservationTime });
    await carryGuarantee(tx, original.id, request.id);
    await transition(tx, original, 'superseded', actor, { now, reason, undoable: false });
    await cancelPendingChanges(tx, original.id, request.id, actor, now);
    return confirm();
  });
}

const REPLACED_PREFIX = g.replacedReason.slice(0, g.replacedReason.indexOf('{'));

/**
 * Whether a guest's change replaced this booking (confirmed in its place, or a newer request sent instead): its
 * cancellation carries one of the two reasons written above, and nothing else cancels a booking with them.
 */
export const wasReplaced = (row: Pick<ReservationRow, 'status' | 'cancelledBy' | 'cancellationReason'>) =>
  row.status === 'cancelled' &&
  row.cancelledBy === 'guest' &&
  (row.cancellationReason === g.supersededReason || Boolean(row.cancellationReason?.startsWith(REPLACED_PREFIX)));
