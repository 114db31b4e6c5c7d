// What the import (issue 49) needs of the bookings: the active bookings its guests already hold (its duplicates),
// and the undo of everything it placed.
import { and, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';

/** 'guestId date time' of every booking still holding a place from `from` on, of these guests. */
export async function activeSlotsOfGuests(db: Executor, guestIds: readonly string[], from: string): Promise<Set<string>> {
  if (guestIds.length === 0) return new Set();
  const rows = await db
    .select({ guestId: reservations.guestId, date: reservations.reservationDate, time: reservations.reservationTime })
    .from(reservations)
    .where(
      and(
        inArray(reservations.guestId, [...guestIds]),
        gte(reservations.reservationDate, from),
        inArray(reservations.status, ['pending', 'confirmed']),
        ne(reservations.arrivalStatus, 'no_show'),
      ),
    );
  return new Set(rows.map((row) => guestSlotKey(row.guestId!, row.date, row.time)));
}

export const guestSlotKey = (guestId: string, date: string, time: string) => `${guestId} ${date} ${time}`;

/** 'Deshacer importación': the bookings it placed are deleted, with their tables, change log and links. */
export async function undoImportedBookings(tx: Transaction, importId: string): Promise<number> {
  const deleted = await tx.delete(reservations).where(eq(reservations.importId, importId)).returning({ id: reservations.id });
  if (deleted.length > 0) await recordChange(tx, { table: 'reservations', action: 'delete', id: null });
  return deleted.length;
}
