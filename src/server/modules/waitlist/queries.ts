// The waitlist's statements: entries and offers of a date, locked reads, the rows as the screens show them.
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { WAITING_STATUSES, type WaitlistEntryView, type WaitlistGuestMessage } from '@shared/schemas/waitlist.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { guaranteeHolds, waitlistEntries, waitlistOffers } from '../../db/schema.ts';
import { lockDate } from '../capacity/service.ts';
import { waitlistAnswers } from '../messaging/service.ts';

export type EntryRow = typeof waitlistEntries.$inferSelect;
export type OfferRow = typeof waitlistOffers.$inferSelect;

/**
 * Matching, lapsing, leaving and staff's changes to a date's waitlist take this lock first, on every instance, so a
 * freed place is matched to one party at a time: the first of a date's locks (capacity/locks.ts). An acceptance does
 * not take it: acceptances of different offers go on side by side, each under its offer's row lock and then a
 * booking's own locks. Row locks are always taken offer first, then its entry.
 */
export const lockWaitlistDate = (tx: Transaction, date: string) => lockDate(tx, date, { waitlist: true });

/** Serialises one email's joins on one date, so the per-email limit counts exactly. */
export async function lockEmailDate(tx: Transaction, email: string, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist-email:${email}:${date}`}))`);
}

export async function findEntry(db: Executor, id: string, lock = false): Promise<EntryRow | null> {
  const query = db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findOffer(db: Executor, id: string, lock = false): Promise<OfferRow | null> {
  const query = db.select().from(waitlistOffers).where(eq(waitlistOffers.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The entries an offer may go to, in list order: waiting, with an email or a chosen channel (issue 46) to send it by. */
export function entriesToOffer(db: Executor, date: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.reservationDate, date), eq(waitlistEntries.status, 'waiting'), sql`(${waitlistEntries.customerEmail} is not null or ${waitlistEntries.messagingChannel} is not null)`))
    .orderBy(asc(waitlistEntries.position));
}

/** The dates from `today` on where someone waits. */
export async function datesWithWaiting(db: Executor, today: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: waitlistEntries.reservationDate })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'waiting'), gte(waitlistEntries.reservationDate, today)))
    .orderBy(asc(waitlistEntries.reservationDate));
  return rows.map((row) => row.date);
}

export async function activeEntriesForEmail(db: Executor, email: string, date: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(
      and(eq(waitlistEntries.customerEmail, email), eq(waitlistEntries.reservationDate, date), inArray(waitlistEntries.status, WAITING_STATUSES)),
    );
}

/** Locks a date's open offers: before its entries are locked (offer first, then entry). */
export async function lockOpenOffersOn(tx: Executor, date: string): Promise<void> {
  await tx
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.reservationDate, date), eq(waitlistOffers.status, 'open')))
    .for('update');
}

/** The entry's open offer, locked. */
export async function openOfferOf(db: Executor, entryId: string, lock = true): Promise<OfferRow | null> {
  const query = db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'open')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateEntry(tx: Executor, id: string, patch: Partial<EntryRow>): Promise<EntryRow> {
  const [row] = await tx.update(waitlistEntries).set(patch).where(eq(waitlistEntries.id, id)).returning();
  return row!;
}

export async function updateOffer(tx: Executor, id: string, patch: Partial<OfferRow>): Promise<OfferRow> {
  const [row] = await tx.update(waitlistOffers).set(patch).where(eq(waitlistOffers.id, id)).returning();
  return row!;
}

/** The dates with an open offer whose hold ended at `now`. */
export async function datesWithLapsedOffers(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: waitlistOffers.reservationDate })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.status, 'open'), lte(waitlistOffers.holdUntil, now)));
  return rows.map((row) => row.date);
}

/** A date's open offers whose hold ended at `now`, locked (the caller holds the date's waitlist lock). */
export function lapsedOffers(tx: Executor, date: string, now: Date): Promise<OfferRow[]> {
  return tx
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.reservationDate, date), eq(waitlistOffers.status, 'open'), lte(waitlistOffers.holdUntil, now)))
    .for('update');
}

/** The dates before `today` where an entry still waits. */
export async function datesEnded(db: Executor, today: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: waitlistEntries.reservationDate })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.status, WAITING_STATUSES), lt(waitlistEntries.reservationDate, today)));
  return rows.map((row) => row.date);
}

/** A date's entries still waiting, locked: the date has ended. */
export function endedEntries(tx: Executor, date: string): Promise<EntryRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.status, WAITING_STATUSES), eq(waitlistEntries.reservationDate, date)))
    .for('update');
}

/** A date's list: those still waiting first in list order, then the rest, latest first; each with its offers. */
export async function entriesOn(db: Executor, date: string): Promise<WaitlistEntryView[]> {
  const entries = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.reservationDate, date))
    .orderBy(
      sql`case when ${waitlistEntries.status} in ('waiting', 'offered') then 0 else 1 end`,
      sql`case when ${waitlistEntries.status} in ('waiting', 'offered') then ${waitlistEntries.position} end asc`,
      desc(waitlistEntries.updatedAt),
    )
    .limit(500);
  if (entries.length === 0) return [];
  const offers = await db
    .select()
    .from(waitlistOffers)
    .where(inArray(waitlistOffers.entryId, entries.map((entry) => entry.id)))
    .orderBy(desc(waitlistOffers.offeredAt));
  const [awaitingCard, answers] = await Promise.all([offersAwaitingCardOf(db, offers), waitlistAnswers(db, entries.map((entry) => entry.id))]);
  return entries.map((entry) =>
    toEntryView(entry, offers.filter((offer) => offer.entryId === entry.id), awaitingCard, answers.get(entry.id) ?? []),
  );
}

/** Who waits, how many, for which date and times: as the staff list and the guest's data export show an entry. */
export function waitingParty(entry: EntryRow) {
  return {
    customerName: entry.customerName,
    customerPhone: entry.customerPhone,
    customerEmail: entry.customerEmail,
    numberOfPeople: entry.numberOfPeople,
    reservationDate: entry.reservationDate,
    timeFrom: entry.timeFrom,
    timeTo: entry.timeTo,
  };
}

function toEntryView(
  entry: EntryRow,
  offers: readonly OfferRow[],
  awaitingCard: ReadonlySet<string>,
  guestMessages: WaitlistGuestMessage[],
): WaitlistEntryView {
  return {
    id: entry.id,
    ...waitingParty(entry),
    quotedWaitMinutes: entry.quotedWaitMinutes,
    source: entry.source,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
    reservationId: entry.reservationId,
    offers: offers.map((offer) => ({
      id: offer.id,
      reservationTime: offer.reservationTime,
      numberOfPeople: offer.numberOfPeople,
      status: offer.status,
      offeredAt: offer.offeredAt.toISOString(),
      holdUntil: offer.holdUntil.toISOString(),
      answeredAt: offer.answeredAt?.toISOString() ?? null,
      awaitingCard: awaitingCard.has(offer.id),
    })),
    guestMessages,
  };
}

export async function entryView(db: Executor, entry: EntryRow): Promise<WaitlistEntryView> {
  const offers = await db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entry.id)).orderBy(desc(waitlistOffers.offeredAt));
  const [awaitingCard, answers] = await Promise.all([offersAwaitingCardOf(db, offers), waitlistAnswers(db, [entry.id])]);
  return toEntryView(entry, offers, awaitingCard, answers.get(entry.id) ?? []);
}

/**
 * Offers accepted into a card's hold and not booked yet, from `today` on: the entry still 'offered' while the card
 * is awaited, or 'missed' once the hold ended (a card saved late may still book it).
 */
export function offersAwaitingCard(db: Executor, today: string): Promise<Array<{ offerId: string }>> {
  return db
    .select({ offerId: waitlistOffers.id })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(
      and(
        eq(waitlistOffers.status, 'accepted'),
        isNull(waitlistOffers.reservationId),
        gte(waitlistOffers.reservationDate, today),
        inArray(waitlistEntries.status, ['offered', 'missed']),
      ),
    );
}

/**
 * Of these offers, the accepted ones whose card's hold (under the offer's id) still takes its place: the guest is on
 * the provider's page. Read as capacity/holds.ts reads payments' holds.
 */
async function offersAwaitingCardOf(db: Executor, offers: readonly OfferRow[]): Promise<Set<string>> {
  const accepted = offers.filter((offer) => offer.status === 'accepted' && !offer.reservationId).map((offer) => offer.id);
  if (accepted.length === 0) return new Set();
  const rows = await db
    .select({ id: guaranteeHolds.id })
    .from(guaranteeHolds)
    .where(and(inArray(guaranteeHolds.id, accepted), inArray(guaranteeHolds.status, ['opening', 'open'])));
  return new Set(rows.map((row) => row.id));
}

export async function isAwaitingCard(db: Executor, offer: OfferRow): Promise<boolean> {
  return (await offersAwaitingCardOf(db, [offer])).has(offer.id);
}

/** Whether the party accepted an offer and is on the card's page now: staff leave the entry to that page's outcome. */
export async function entryAwaitingCard(db: Executor, entryId: string): Promise<boolean> {
  const accepted = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'accepted'), isNull(waitlistOffers.reservationId)));
  return (await offersAwaitingCardOf(db, accepted)).size > 0;
}
