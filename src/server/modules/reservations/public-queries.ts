import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';

export type NewReservation = typeof reservations.$inferInsert;

type BookingDetails = Pick<
  NewReservation,
  'customerName' | 'customerPhone' | 'customerEmail' | 'numberOfPeople' | 'reservationDate' | 'reservationTime'
>;

/** The guest's details as a form gave them, for a new row (any other fields of the form are left out). */
export const bookingDetails = (input: BookingDetails): BookingDetails => ({
  customerName: input.customerName,
  customerPhone: input.customerPhone,
  customerEmail: input.customerEmail,
  numberOfPeople: input.numberOfPeople,
  reservationDate: input.reservationDate,
  reservationTime: input.reservationTime,
});

export async function findReservation(db: Executor, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  return row ?? null;
}

/**
 * In one statement, what a guest's request must know once its lock is held: the reservation already made under
 * its id (a retry) and how many reservations of the same email and day still hold a place (cancelled ones free
 * the guest's quota).
 */
export async function requestStanding(db: Executor, id: string, email: string, date: string) {
  const rows = await db
    .select()
    .from(reservations)
    .where(
      or(
        eq(reservations.id, id),
        and(eq(reservations.customerEmail, email), eq(reservations.reservationDate, date), ne(reservations.status, 'cancelled')),
      ),
    );
  return { existing: rows.find((row) => row.id === id) ?? null, activeForEmailDay: rows.filter((row) => row.id !== id).length };
}

export async function insertReservation(db: Executor, values: NewReservation) {
  const [row] = await db.insert(reservations).values(values).returning();
  return row!;
}

/** The guest's bookings of the date that still hold a place: pending or confirmed (seated included), not a no-show. */
export function activeOfGuestOn(db: Executor, guestId: string, date: string, exceptId?: string) {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.guestId, guestId),
        eq(reservations.reservationDate, date),
        inArray(reservations.status, ['pending', 'confirmed']),
        ne(reservations.arrivalStatus, 'no_show'),
        exceptId ? ne(reservations.id, exceptId) : undefined,
      ),
    );
}
