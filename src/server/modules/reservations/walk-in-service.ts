import { formatCount } from '@shared/messages.ts';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import type { WalkInProposal, WalkInSeated, walkInSchema } from '@shared/schemas/staff-reservation.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { linkGuest } from '../guests/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { findTables, holdTables } from '../capacity/service.ts';
import { hasActiveTables, tableNames } from '../tables/service.ts';
import * as q from './admin-queries.ts';
import { type Actor, changedFields, logChange } from './change-log.ts';
import { insertReservation } from './public-queries.ts';

// 'Sin reserva' (issue 22): a party at the door is seated now, at the table the capacity engine finds free for its
// whole stay (the tables kept 'Solo sin reserva' first), or without a table when there is no map or the host says so.

const text = staffMessages.admin.walkIn;

type WalkIn = z.output<typeof walkInSchema>;

/** Today's date and the minute in Madrid: a walk-in starts now, whatever the half-hour slots. */
function nowInMadrid(now: Date) {
  return { date: madridToday(now), time: madridNowTime(now) };
}

/** The best free table or combination for `party` from now on; null when none is; undefined without a table map. */
async function freeTablesNow(tx: Transaction, party: number, now: Date, floorLocked: boolean) {
  if (!(await hasActiveTables(tx))) return undefined;
  const config = await getRestaurantConfig(tx);
  return findTables(tx, config, { ...nowInMadrid(now), party, channel: 'walk_in', floorLocked });
}

/** What 'Sin reserva' proposes before the host seats the party: a read, no lock, nothing held. */
export async function proposeWalkIn({ db, clock }: ServiceDeps, people: number): Promise<WalkInProposal> {
  return db.transaction(async (tx) => {
    const seating = await freeTablesNow(tx, people, clock.now(), true);
    if (seating === undefined) return { hasTables: false, tables: null };
    return { hasTables: true, tables: seating ? await tableNames(tx, seating.tableIds) : null };
  });
}

/**
 * Seats the party now, confirmed and arrived: under the date's floor lock the best free table is taken, as a
 * booking's would be. With a map and no free table it is refused (409) unless the host chose to seat without one.
 */
export async function seatWalkIn({ db, clock }: ServiceDeps, input: WalkIn, actor: Actor): Promise<WalkInSeated> {
  return db.transaction((tx) => seatWalkInNow(tx, clock.now(), input, actor));
}

/** A walk-in's rules and writes, in the caller's transaction (also the waitlist's 'Sentar'). */
export async function seatWalkInNow(tx: Transaction, now: Date, input: WalkIn, actor: Actor): Promise<WalkInSeated> {
  const seating = input.withoutTable ? null : await freeTablesNow(tx, input.numberOfPeople, now, false);
  if (seating === null && !input.withoutTable) {
    throw conflict('no_table', formatCount(input.numberOfPeople, text.noTableOne, text.noTable));
  }
  const { date, time } = nowInMadrid(now);
  const row = await insertReservation(tx, {
    customerName: input.customerName ?? text.defaultName,
    customerPhone: input.customerPhone ?? null,
    customerEmail: null,
    numberOfPeople: input.numberOfPeople,
    reservationDate: date,
    reservationTime: time,
    status: 'confirmed',
    arrivalStatus: 'arrived',
    arrivedAt: now,
    source: 'walk_in',
    guestId: input.customerPhone ? await linkGuest(tx, { email: null, phone: input.customerPhone }, now) : null,
    createdAt: now,
  });
  if (seating) await holdTables(tx, row.id, seating.tableIds);
  await logChange(tx, { reservationId: row.id, at: now, actor, action: 'created', changes: changedFields(null, row) });
  await recordChange(tx, { table: 'reservations', action: 'insert', id: row.id });
  return { ...q.toAdminReservation(row), tableNames: seating ? await tableNames(tx, seating.tableIds) : [] };
}
