import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';

export type NewReservation = typeof reservations.$inferInsert;

/** Serialises the per-email-per-day limit check between concurrent requests and instances. */
export async function lockEmailDay(db: Executor, email: string, date: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reservation:${email}:${date}`}))`);
}

export async function findReservation(db: Executor, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  return row ?? null;
}

/** Reservations that still hold a place: cancelled ones free the guest's quota. */
export async function countActiveForEmailDay(db: Executor, email: string, date: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reservations)
    .where(
      and(eq(reservations.customerEmail, email), eq(reservations.reservationDate, date), ne(reservations.status, 'cancelled')),
    );
  return row?.n ?? 0;
}

export async function insertReservation(db: Executor, values: NewReservation) {
  const [row] = await db.insert(reservations).values(values).returning();
  return row!;
}
