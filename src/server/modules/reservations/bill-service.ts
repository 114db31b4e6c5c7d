// 'Importe de la cuenta' (issue 47, item 3; decision 044): staff set or clear a visit's bill. The guest's spend
// follows by the database's trigger (migration 0041); the change has its line in the change log and its live event.
import { billRefusal } from '@shared/rules/bill-amount.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { billTexts } from '@shared/staff-messages/bill.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { findForUpdate, toAdminReservation, updateReservation } from './admin-queries.ts';
import { type Actor, changedFields, logChange } from './change-log.ts';

const refusalCodes = { cancelled: 'bill_cancelled', noShow: 'bill_no_show', notArrived: 'bill_not_arrived' } as const;

/** Sets the bill (cents) or clears it (null). Clearing is always allowed, so a wrong amount can be taken back. */
export async function setBill({ db, clock }: ServiceDeps, id: string, billCents: number | null, actor: Actor): Promise<AdminReservation> {
  return db.transaction(async (tx) => {
    const before = await findForUpdate(tx, id);
    if (!before) throw notFound(staffMessages.admin.errors.reservationNotFound);
    const refusal = billCents === null ? null : billRefusal(before);
    if (refusal) throw conflict(refusalCodes[refusal], billTexts.errors[refusal]);
    if (before.billCents === billCents) return toAdminReservation(before);
    const now = clock.now();
    const after = await updateReservation(tx, id, { billCents, updatedAt: now });
    await logChange(tx, { reservationId: id, at: now, actor, action: 'edited', changes: changedFields(before, after) });
    await recordChange(tx, { table: 'reservations', action: 'update', id });
    return toAdminReservation(after);
  });
}
