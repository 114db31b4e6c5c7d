// What a guest's change carries from the booking it replaces into its emails (issue 50): the replaced booking's date,
// time and party, and the calendar event, one for the whole chain of changes.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { CalendarIdentity } from '../private-links/service.ts';
import type { ReservationRow } from './admin-queries.ts';
import { findReservation } from './public-queries.ts';

/** The booking a change request replaces, as its guest's emails name it. */
export type ReplacedBooking = Pick<ReservationRow, 'reservationDate' | 'reservationTime' | 'numberOfPeople'>;

export async function replacedBooking(db: Executor, row: Pick<ReservationRow, 'previousReservationId'>): Promise<ReplacedBooking | null> {
  return row.previousReservationId ? findReservation(db, row.previousReservationId) : null;
}

/** How far back a chain of changes is followed: no guest changes a booking this often. */
const MAX_CHANGES = 100;

/**
 * The calendar event a booking is in the guest's calendar (issue 50): a change keeps the first booking's UID, and its
 * SEQUENCE counts every change of the chain (each booking's revision, plus one per change), so it is always higher
 * than that of any booking it replaced, whenever the guest imported it.
 */
export async function calendarIdentity(db: Executor, row: Pick<ReservationRow, 'id' | 'revision' | 'previousReservationId'>): Promise<CalendarIdentity> {
  if (!row.previousReservationId) return { eventId: row.id, sequence: row.revision };
  const chain = await rowsOf<{ id: string; revision: number; depth: number }>(
    db,
    sql`with recursive chain(id, previous, revision, depth) as (
          select id, previous_reservation_id, revision, 0 from reservations where id = ${row.id}
          union all
          select r.id, r.previous_reservation_id, r.revision, c.depth + 1
          from reservations r join chain c on r.id = c.previous where c.depth < ${MAX_CHANGES})
        select id, revision, depth from chain order by depth`,
  );
  const first = chain.at(-1);
  const sequence = chain.reduce((sum, link) => sum + Number(link.revision) + (Number(link.depth) > 0 ? 1 : 0), 0);
  return { eventId: first?.id ?? row.id, sequence };
}
