// 'Confirmar todas (N)' (issue 52, item 1; decision 064): the pending requests staff saw, confirmed in one
// transaction, each through `transition` as its own 'Confirmar' (its guest's email queued in the outbox), all under
// one undo hold, so one 'Deshacer' puts every one back and withdraws every held email.
import { asc, inArray } from 'drizzle-orm';
import type { BatchConfirmed, batchConfirmSchema } from '@shared/schemas/staff-reservation.ts';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { type ReservationRow, toAdminReservation } from './admin-queries.ts';
import type { Actor } from './change-log.ts';
import { transition } from './transition.ts';
import { newUndoHold, undoTicket } from './undo-service.ts';

type BatchRequest = z.output<typeof batchConfirmSchema>['reservations'][number];
type Skipped = BatchConfirmed['skipped'][number];

/**
 * Confirms each listed request still pending at the revision the list showed; the others are left as they are and
 * reported (another instance confirmed one, the guest cancelled one, someone edited one). A guest's change request is
 * left to its row: confirming it cancels the booking it replaces, which 'Deshacer' cannot put back.
 */
export async function confirmBatch(
  { db, clock, publicUrl }: ServiceDeps,
  requests: readonly BatchRequest[],
  actor: Actor,
): Promise<BatchConfirmed> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const hold = newUndoHold(now);
    const rows = await lockInIdOrder(tx, requests.map((request) => request.id));
    const confirmed: BatchConfirmed['confirmed'] = [];
    const skipped: Skipped[] = [];
    for (const request of requests) {
      const row = rows.get(request.id);
      const refusal = refusalOf(row, request);
      const done = row && !refusal ? await transition(tx, row, 'confirm', actor, { now, publicUrl, hold }) : null;
      if (done) confirmed.push(toAdminReservation(done.after));
      else skipped.push({ id: request.id, customerName: row?.customerName ?? null, reason: refusal ?? 'changed' });
    }
    return { confirmed, skipped, ...(confirmed.length > 0 ? { undo: undoTicket(hold) } : {}) };
  });
}

/**
 * Every listed row locked up front, in id order: two instances confirming the same list queue on the first row,
 * and the second finds each one confirmed (a new revision) and leaves it, so no guest is emailed twice.
 */
async function lockInIdOrder(tx: Transaction, ids: string[]): Promise<Map<string, ReservationRow>> {
  const rows = await tx.select().from(reservations).where(inArray(reservations.id, ids)).orderBy(asc(reservations.id)).for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

function refusalOf(row: ReservationRow | undefined, request: BatchRequest): Skipped['reason'] | null {
  if (!row || row.status !== 'pending' || row.revision !== request.revision) return 'changed';
  return row.previousReservationId ? 'change_request' : null;
}
