// Rows written straight to the database, for the tests that need a state the API would not (or not quickly) make:
// a past visit, a reservation already confirmed, a table at a given place, a staff member without a password.
// Each factory fills what the table requires; a test passes every value its assertions depend on.
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../src/server/db/client.ts';
import { eq } from 'drizzle-orm';
import { guests, reservations, restaurantConfig, tables, userRoles, users, zones } from '../../src/server/db/schema.ts';

export type NewReservation = typeof reservations.$inferInsert;
export type ReservationRow = typeof reservations.$inferSelect;

/** An email no other row has. */
export const uniqueEmail = (prefix = 'guest') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

const reservationDefaults = (): NewReservation => ({
  customerName: 'Lucía Fernández',
  customerPhone: '600 111 222',
  numberOfPeople: 2,
  reservationDate: '2026-11-26',
  reservationTime: '14:00',
});

/** A reservation (pending, party of 2, 26/11/2026 14:00, no email unless given). */
export async function insertReservation(db: Executor, values: Partial<NewReservation> = {}): Promise<ReservationRow> {
  const [row] = await db.insert(reservations).values({ ...reservationDefaults(), ...values }).returning();
  return row!;
}

/** Several reservations in one statement. */
export function insertReservations(db: Executor, rows: Partial<NewReservation>[]): Promise<ReservationRow[]> {
  return db
    .insert(reservations)
    .values(rows.map((values) => ({ ...reservationDefaults(), ...values })))
    .returning();
}

/** The id of a zone by name ('Sala' by default: the first of a fresh install). */
export async function zoneId(db: Executor, name = 'Sala'): Promise<string> {
  const [zone] = await db.select({ id: zones.id }).from(zones).where(eq(zones.name, name));
  return zone!.id;
}

/** A table of the floor: 'Mesa {n}', 4 seats, square, in 'Sala', at (100, 100) unless given. */
export async function insertTable(db: Executor, values: Partial<typeof tables.$inferInsert> & { tableNumber: number }) {
  const [row] = await db
    .insert(tables)
    .values({ name: `Mesa ${values.tableNumber}`, seats: 4, positionX: 100, positionY: 100, zoneId: values.zoneId ?? (await zoneId(db)), ...values })
    .returning();
  return row!;
}

/** A guest profile with a unique email. */
export async function insertGuest(db: Executor, values: Partial<typeof guests.$inferInsert> = {}) {
  const [row] = await db.insert(guests).values({ email: uniqueEmail(), ...values }).returning();
  return row!;
}

/**
 * A staff account with the given roles (admin unless told otherwise; none for a user who is not staff). The password
 * hash is a placeholder unless given: such an account signs in only through a session a test creates.
 */
export async function insertStaff(
  db: Executor,
  { email = uniqueEmail('staff'), passwordHash = 'not-used-by-this-test', roles = ['admin'] }: {
    email?: string;
    passwordHash?: string;
    roles?: Array<(typeof userRoles.$inferInsert)['role']>;
  } = {},
) {
  const [user] = await db.insert(users).values({ email, passwordHash }).returning();
  for (const role of roles) await db.insert(userRoles).values({ userId: user!.id, role });
  return user!;
}

/** Writes the restaurant's settings row (restaurant_config, id 1) straight, for a state the settings API would refuse or a test sets up. */
export async function configure(db: Executor, patch: Partial<typeof restaurantConfig.$inferInsert>): Promise<void> {
  await db.update(restaurantConfig).set(patch).where(eq(restaurantConfig.id, 1));
}

/** The reservation's revision now: an arrival change names it, as an edit does (decision 062). */
export async function revisionOf(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ revision: reservations.revision }).from(reservations).where(eq(reservations.id, id));
  return row?.revision ?? 0;
}
