// What takes capacity (issue 42): a booking in a holding state, an open waitlist offer (issue 23) and a guest's
// request waiting for its card (issue 45), read here and nowhere else, for both readers (covers pacing and the floor).
import { and, between, eq, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { BookedCovers } from '@shared/rules/pacing.ts';
import type { Executor } from '../../db/client.ts';
import { guaranteeHolds, reservations, reservationTables, waitlistOffers } from '../../db/schema.ts';

const original = alias(reservations, 'original');

/**
 * A reservation's covers as pacing counts them: all its people, except that a pending change request at the same
 * date and time as the pending or confirmed reservation it would replace holds only the people it adds, as
 * confirming it cancels the original in the same transaction (decision 017).
 */
const heldCovers = sql<number>`sum(case
  when ${reservations.status} = 'pending' and ${original.status} in ('pending', 'confirmed')
    and ${original.reservationDate} = ${reservations.reservationDate} and ${original.reservationTime} = ${reservations.reservationTime}
  then greatest(${reservations.numberOfPeople} - ${original.numberOfPeople}, 0)
  else ${reservations.numberOfPeople} end)`;

/** A guest's request waiting for its card holds its place as a confirmed booking would (issue 45). */
const holdingCard = sql`${guaranteeHolds.kind} = 'booking' and ${guaranteeHolds.status} in ('opening', 'open')`;

/**
 * The people booked on a date per time and status, open waitlist offers and requests waiting for a card counted as
 * confirmed. `supersededOf`: leaves out the pending change requests of that
 * reservation, which a new request from its guest would cancel.
 */
export async function coversHeldOn(db: Executor, date: string, supersededOf?: string): Promise<BookedCovers[]> {
  const rows = await coversHeldBetween(db, date, date, supersededOf);
  return rows.map(({ time, status, covers }) => ({ time, status, covers }));
}

/** coversHeldOn for every date from `from` to `to` (included), each row naming its date. */
export function coversHeldBetween(db: Executor, from: string, to: string, supersededOf?: string): Promise<Array<BookedCovers & { date: string }>> {
  const booked = db
    .select({
      date: reservations.reservationDate,
      time: reservations.reservationTime,
      status: sql<string>`${reservations.status}`,
      covers: heldCovers.mapWith(Number),
    })
    .from(reservations)
    .leftJoin(original, eq(original.id, reservations.previousReservationId))
    .where(
      and(
        between(reservations.reservationDate, from, to),
        supersededOf
          ? sql`not (${reservations.previousReservationId} is not distinct from ${supersededOf} and ${reservations.status} = 'pending')`
          : undefined,
      ),
    )
    .groupBy(reservations.reservationDate, reservations.reservationTime, reservations.status);
  // A waitlist offer holds its covers while open, as a confirmed booking would (issue 23).
  const offered = db
    .select({
      date: waitlistOffers.reservationDate,
      time: waitlistOffers.reservationTime,
      status: sql<string>`'confirmed'`,
      covers: sql<number>`sum(${waitlistOffers.numberOfPeople})`.mapWith(Number),
    })
    .from(waitlistOffers)
    .where(and(between(waitlistOffers.reservationDate, from, to), eq(waitlistOffers.status, 'open')))
    .groupBy(waitlistOffers.reservationDate, waitlistOffers.reservationTime);
  const awaitingCard = db
    .select({
      date: guaranteeHolds.reservationDate,
      time: guaranteeHolds.reservationTime,
      status: sql<string>`'confirmed'`,
      covers: sql<number>`sum(${guaranteeHolds.numberOfPeople})`.mapWith(Number),
    })
    .from(guaranteeHolds)
    .where(and(between(guaranteeHolds.reservationDate, from, to), holdingCard))
    .groupBy(guaranteeHolds.reservationDate, guaranteeHolds.reservationTime);
  return unionAll(booked, offered, awaitingCard);
}

/**
 * The date's holds on the floor, as one JSON array of { time, party, tableIds, arrivalStatus, arrivedAt } for a
 * statement that reads the floor: the bookings that hold tables (pending and confirmed; a no-show does not) with their
 * tables if seated and their party's arrival (an early one holds from then, seating.ts#occupiedInterval), and the open
 * offers and requests waiting for a card, which hold a place like a booking not seated yet. `except` leaves one booking out (the one being seated).
 */
export const floorHoldsJson = (date: string, except?: string) => sql`coalesce((
  select json_agg(hold) from (
    select to_char(r.reservation_time, 'HH24:MI') as "time", r.number_of_people as "party",
           (select json_agg(rt.table_id) from ${reservationTables} rt where rt.reservation_id = r.id) as "tableIds",
           r.arrival_status as "arrivalStatus", r.arrived_at as "arrivedAt"
      from ${reservations} r
     where r.reservation_date = ${date} and r.status in ('pending', 'confirmed') and r.arrival_status <> 'no_show'
       and r.id is distinct from ${except ?? null}::uuid
    union all
    select to_char(o.reservation_time, 'HH24:MI'), o.number_of_people, null::json, 'pending', null::timestamptz
      from ${waitlistOffers} o
     where o.reservation_date = ${date} and o.status = 'open'
    union all
    select to_char(g.reservation_time, 'HH24:MI'), g.number_of_people, null::json, 'pending', null::timestamptz
      from ${guaranteeHolds} g
     where g.reservation_date = ${date} and g.kind = 'booking' and g.status in ('opening', 'open')
  ) hold), '[]')`;
