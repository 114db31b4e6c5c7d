import { and, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonOf, rowsOf } from '../../db/rows.ts';
import { guests, reservations } from '../../db/schema.ts';
import { seatingReservationColumns } from '../capacity/service.ts';

export type GuestRow = typeof guests.$inferSelect;

/** What linking a reservation needs of a guest. */
export type ContactGuest = Pick<GuestRow, 'id' | 'email' | 'phone'>;

export interface GuestsByContact {
  byEmail: ContactGuest | null;
  byPhone: ContactGuest | null;
}

/** Which of the matching guests holds the email and which the phone. */
export const guestsByContact = (rows: ContactGuest[], email: string | null, phone: string | null): GuestsByContact => ({
  byEmail: (email && rows.find((row) => row.email === email)) || null,
  byPhone: (phone && rows.find((row) => row.phone === phone)) || null,
});

/** The guest holding the email and the one holding the phone (the same one, or either missing), in one statement. */
export async function findGuestsByContact(db: Executor, email: string | null, phone: string | null): Promise<GuestsByContact> {
  const [row] = await rowsOf<{ guests: unknown }>(db, sql`select ${guestsByContactColumn(email, phone)} as "guests"`);
  return guestsByContact(jsonOf<ContactGuest[]>(row!.guests), email, phone);
}

/**
 * The guests an email or phone names, as a column of a statement (findGuestsByContact's, a request's standing): a
 * null email or phone matches nothing, as a missing one does; a JSON array of at most two, since email and phone
 * are each unique.
 */
export const guestsByContactColumn = (email: string | null, phone: string | null) =>
  sql<ContactGuest[]>`(select coalesce(json_agg(json_build_object('id', ${guests.id}, 'email', ${guests.email}, 'phone', ${guests.phone})), '[]'::json)
  from ${guests} where ${guests.email} = ${email} or ${guests.phone} = ${phone})`;

export async function findGuest(db: Executor, id: string): Promise<GuestRow | null> {
  const [row] = await db.select().from(guests).where(eq(guests.id, id)).limit(1);
  return row ?? null;
}

/** The new guest's id, or null when a concurrent insert took its email or phone first. */
export async function insertGuest(db: Executor, values: { email: string | null; phone: string | null }): Promise<string | null> {
  const [row] = await db.insert(guests).values(values).onConflictDoNothing().returning({ id: guests.id });
  return row?.id ?? null;
}

/** Sets the guest's missing email or phone, unless it is set by now or another guest holds that value; true if set. */
export async function fillGuestContact(db: Executor, id: string, field: 'email' | 'phone', value: string, now: Date): Promise<boolean> {
  const column = guests[field];
  const holder = db.select({ id: guests.id }).from(guests).where(eq(column, value));
  const rows = await db
    .update(guests)
    .set({ [field]: value, updatedAt: now })
    .where(and(eq(guests.id, id), isNull(column), notExists(holder)))
    .returning({ id: guests.id });
  return rows.length > 0;
}

export async function updateGuestNote(db: Executor, id: string, note: string | null, now: Date): Promise<boolean> {
  const rows = await db.update(guests).set({ note, updatedAt: now }).where(eq(guests.id, id)).returning({ id: guests.id });
  return rows.length > 0;
}

/** Each guest's note, tags, allergens and history figures (kept by the trigger of migration 0041): no booking is read. */
export function guestHistoryCounts(db: Executor, guestIds: string[]) {
  return db
    .select({
      id: guests.id,
      note: guests.note,
      tags: guests.tags,
      allergens: guests.allergens,
      visits: guests.visits,
      noShows: guests.noShows,
      cancellations: guests.cancellations,
      lateCancellations: guests.lateCancellations,
      riskObjectedAt: guests.riskObjectedAt,
    })
    .from(guests)
    .where(inArray(guests.id, guestIds));
}

/** Newest first; as seating shows a reservation, with staff's notes (shared guestReservationSchema). */
export function guestReservations(db: Executor, guestId: string) {
  return db
    .select({ ...seatingReservationColumns, adminNotes: reservations.adminNotes })
    .from(reservations)
    .where(eq(reservations.guestId, guestId))
    .orderBy(desc(reservations.reservationDate), desc(reservations.reservationTime), desc(reservations.createdAt));
}

export async function updateGuestTags(db: Executor, id: string, values: { tags: string[]; allergens: string[] }, now: Date): Promise<boolean> {
  const rows = await db.update(guests).set({ ...values, updatedAt: now }).where(eq(guests.id, id)).returning({ id: guests.id });
  return rows.length > 0;
}

/** Adds allergens to those the guest already has, each once, sorted by code. */
export async function addGuestAllergens(db: Executor, id: string, allergens: readonly string[], now: Date): Promise<void> {
  const added = sql.join(allergens.map((code) => sql`${code}`), sql`, `);
  await db
    .update(guests)
    .set({ allergens: sql`array(select distinct code from unnest(${guests.allergens} || array[${added}]::text[]) as code order by code)`, updatedAt: now })
    .where(eq(guests.id, id));
}
