// The back office's waitlist: the list of a date, adding a party, and serving an entry (a booking, a seated walk-in)
// or removing it. Every change takes the date's waitlist lock first; an open offer the change ends frees its place,
// which is offered to the next fitting party after commit.
import { madridToday } from '@shared/rules/madrid-time.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { waitlistMessages } from '@shared/staff-messages/waitlist.ts';
import { SERVABLE_STATUSES, type staffWaitlistEntrySchema, type WaitlistEntryView } from '@shared/schemas/waitlist.ts';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getStaffClosure } from '../availability/service.ts';
import { placeManualReservation, seatWalkInNow, type staffActor } from '../reservations/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import { joinedEmail } from './emails.ts';
import { offerAfterCommit, withdrawOpenOffer } from './offers.ts';
import * as q from './queries.ts';

const w = waitlistMessages;
type Actor = ReturnType<typeof staffActor>;
type StaffEntry = z.output<typeof staffWaitlistEntrySchema>;

export function waitlistOn({ db }: ServiceDeps, date: string): Promise<WaitlistEntryView[]> {
  return q.entriesOn(db, date);
}

/** A party staff put on the list; with an email it gets the same email (and later offers) as a guest who joined. */
export async function addEntry(deps: ServiceDeps, input: StaffEntry): Promise<WaitlistEntryView> {
  const now = deps.clock.now();
  if (input.reservationDate < madridToday(now)) {
    throw new AppError(400, 'validation_failed', staffMessages.admin.errors.datePast, { reservationDate: staffMessages.admin.errors.datePast });
  }
  // A party cannot wait for a day or time the restaurant is closed: said now, not when staff try to book it.
  const closed = await getStaffClosure(deps.db, input.reservationDate, input.timeFrom);
  if (closed) {
    const message = staffMessages.admin.manualReservation.closures[closed];
    throw new AppError(409, 'closed', message, { [closed === 'outside_hours' ? 'timeFrom' : 'reservationDate']: message });
  }
  const id = await deps.db.transaction(async (tx) => {
    await q.lockWaitlistDate(tx, input.reservationDate);
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        customerEmail: input.customerEmail,
        numberOfPeople: input.numberOfPeople,
        reservationDate: input.reservationDate,
        timeFrom: input.timeFrom,
        timeTo: input.timeTo && input.timeTo !== input.timeFrom ? input.timeTo : null,
        quotedWaitMinutes: input.quotedWaitMinutes ?? null,
        source: 'staff',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!entry) throw conflict('already_joined', w.alreadyOnList);
    if (entry.customerEmail && (await getNotificationSettings(tx)).emailNotificationsEnabled) {
      await enqueueEmail(tx, joinedEmail(await getRestaurantConfig(tx), { ...entry, customerEmail: entry.customerEmail }, deps.publicUrl), now);
    }
    await recordChange(tx, { table: 'waitlist_entries', action: 'insert', id: entry.id });
    return entry.id;
  });
  await offerAfterCommit(deps, input.reservationDate);
  // Read after matching: a party added while a place is free has been offered it already.
  return q.entryView(deps.db, (await q.findEntry(deps.db, id))!);
}

/** The entry, locked under its date's waitlist lock, still for staff to serve; 404 or 409 otherwise. */
async function waitingEntry(tx: Transaction, id: string, date: string): Promise<q.EntryRow> {
  await q.lockWaitlistDate(tx, date);
  await q.openOfferOf(tx, id);
  const entry = await q.findEntry(tx, id, true);
  if (!entry) throw notFound(w.notFound);
  if (!(SERVABLE_STATUSES as readonly string[]).includes(entry.status)) throw conflict('not_waiting', w.notWaiting);
  // Booked, seated or removed by staff now, the party would get a second table, or lose the one its card secures.
  if (await q.entryAwaitingCard(tx, entry.id)) throw conflict('awaiting_card', w.awaitingCardBusy);
  return entry;
}

/** Runs `change` on a waiting entry in one transaction; an open offer it ended is passed on after commit. */
async function serveEntry<T>(
  deps: ServiceDeps,
  id: string,
  change: (tx: Transaction, entry: q.EntryRow, now: Date) => Promise<T>,
): Promise<T> {
  const known = await q.findEntry(deps.db, id);
  if (!known) throw notFound(w.notFound);
  const now = deps.clock.now();
  const { result, freed } = await deps.db.transaction(async (tx) => {
    const entry = await waitingEntry(tx, id, known.reservationDate);
    const freed = await withdrawOpenOffer(tx, entry.id, now);
    const result = await change(tx, entry, now);
    await recordChange(tx, { table: 'waitlist_entries', action: 'update', id });
    return { result, freed };
  });
  if (freed) await offerAfterCommit(deps, known.reservationDate);
  return result;
}

export function removeEntry(deps: ServiceDeps, id: string): Promise<WaitlistEntryView> {
  return serveEntry(deps, id, async (tx, entry, now) => q.entryView(tx, await q.updateEntry(tx, entry.id, { status: 'removed', updatedAt: now })));
}

/** 'Reservar': a confirmed booking for the party, made as a manual reservation is (tables, pacing warning, log). */
export function bookEntry(deps: ServiceDeps, id: string, time: string | undefined, actor: Actor) {
  return serveEntry(deps, id, async (tx, entry, now) => {
    const reservation = await placeManualReservation(
      tx,
      deps.clock,
      {
        customerName: entry.customerName,
        customerPhone: entry.customerPhone ?? '',
        customerEmail: entry.customerEmail,
        numberOfPeople: entry.numberOfPeople,
        reservationDate: entry.reservationDate,
        reservationTime: time ?? entry.timeFrom,
        override: false,
        notes: w.bookedNote,
      },
      actor,
    );
    const booked = await q.updateEntry(tx, entry.id, { status: 'booked', reservationId: reservation.id, updatedAt: now });
    // Staff may book past a covers maximum or without a free table, as with a manual reservation: they are told so.
    const { pacingWarning, tableWarning } = reservation;
    return { entry: await q.entryView(tx, booked), reservationId: reservation.id, pacingWarning, tableWarning };
  });
}

/** 'Sentar': the party, waiting for today, is seated now as a walk-in. */
export function seatEntry(deps: ServiceDeps, id: string, withoutTable: boolean, actor: Actor) {
  return serveEntry(deps, id, async (tx, entry, now) => {
    if (entry.reservationDate !== madridToday(now)) throw conflict('not_today', w.notToday);
    const seated = await seatWalkInNow(
      tx,
      now,
      { numberOfPeople: entry.numberOfPeople, customerName: entry.customerName, customerPhone: entry.customerPhone ?? undefined, withoutTable },
      actor,
    );
    const row = await q.updateEntry(tx, entry.id, { status: 'seated', reservationId: seated.id, updatedAt: now });
    return { entry: await q.entryView(tx, row), tableNames: seated.tableNames };
  });
}
