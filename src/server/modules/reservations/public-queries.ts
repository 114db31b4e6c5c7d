import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonOf, rowsOf, tableRow } from '../../db/rows.ts';
import { guestLookupColumn } from '../guests/service.ts';
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

/** A savepoint by a constant name (never user input). */
export async function savepoint(db: Executor, name: 'consent'): Promise<void> {
  await db.execute(sql.raw(`savepoint ${name}`));
}

export async function rollbackToSavepoint(db: Executor, name: 'consent'): Promise<void> {
  await db.execute(sql.raw(`rollback to savepoint ${name}`));
}

export async function findReservation(db: Executor, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  return row ?? null;
}

/**
 * In one statement, what a guest's request must know once its lock is held: the reservation already made under
 * its id (a retry), how many reservations of the same email and day still hold a place (cancelled ones free the
 * guest's quota), and the guests its contact matches (guests' lookup, for the duplicate check and linkGuest).
 */
const reservationRow = tableRow(reservations, 'r');

export async function requestStanding(db: Executor, request: { id: string; email: string; date: string; phone: string | null }) {
  const contact = { email: request.email, phone: request.phone };
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${reservationRow.selectList}, ${guestLookupColumn.column(contact)} as "guests"
      from (values (1)) as request(one)
      left join ${reservations} on ${reservations.id} = ${request.id}
        or (${reservations.customerEmail} = ${request.email} and ${reservations.reservationDate} = ${request.date} and ${reservations.status} <> 'cancelled')`,
  );
  const found = rows.flatMap((row) => reservationRow.read(row) ?? []);
  return {
    existing: found.find((row) => row.id === request.id) ?? null,
    activeForEmailDay: found.filter((row) => row.id !== request.id).length,
    guests: guestLookupColumn.read(contact, jsonOf(rows[0]!.guests)),
  };
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
