// Offering freed places (issue 23). A date's waiting parties are matched, in list order, against the date's public
// availability under the waitlist lock and the capacity locks; an offer holds its place in capacity (capacity/holds.ts)
// exactly as a booking would, so the
// next party is offered only what is still free, on any instance. An offer lapses after WAITLIST_HOLD_MINUTES and
// passes to the next fitting party.
import { WAITLIST_HOLD_MINUTES } from '@shared/limits.ts';
import { compareTime, madridToday } from '@shared/rules/madrid-time.ts';
import { type PacedSlot, slotTakes } from '@shared/rules/pacing.ts';
import { waitlistMessages } from '@shared/staff-messages/waitlist.ts';
import type { Transaction } from '../../db/client.ts';
import { waitlistOffers } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getPublicAvailability } from '../availability/service.ts';
import { lockDate } from '../capacity/service.ts';
import { sendGuestNotice } from '../messaging/service.ts';
import { enqueuePushToAdmins } from '../push/service.ts';
import { findReservation } from '../reservations/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import { queueOfferWebhook } from './webhook-events.ts';
import { offerEmail, offerExpiredEmail, waitlistPush } from './emails.ts';
import * as q from './queries.ts';
import { pendingOfferLink } from './tokens.ts';

const MINUTE_MS = 60_000;

/** The first of the entry's times (from its preferred time to the end of its range) that can take the party now. */
export function fittingTime(slots: readonly PacedSlot[], entry: Pick<q.EntryRow, 'timeFrom' | 'timeTo' | 'numberOfPeople'>): string | null {
  const last = entry.timeTo ?? entry.timeFrom;
  const slot = slots.find(
    (candidate) =>
      compareTime(candidate.time, entry.timeFrom) >= 0 &&
      compareTime(candidate.time, last) <= 0 &&
      candidate.available &&
      slotTakes(candidate, entry.numberOfPeople),
  );
  return slot?.time ?? null;
}

/**
 * Offers the date's free places to the waiting parties that fit, first come first served: each offer holds its place
 * before the next party is matched. Returns how many offers were made.
 */
export async function offerFreedPlaces(deps: ServiceDeps, date: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await q.lockWaitlistDate(tx, date);
    const entries = await q.entriesToOffer(tx, date);
    if (entries.length === 0) return 0;
    await lockDate(tx, date, { floor: true, covers: true });
    let offered = 0;
    let availability = await getPublicAvailability(tx, deps.clock, date);
    for (const entry of entries) {
      if (!availability.bookable) break;
      const time = fittingTime(availability.slots, entry);
      if (!time) continue;
      await makeOffer(tx, deps, entry, time);
      offered += 1;
      availability = await getPublicAvailability(tx, deps.clock, date);
    }
    return offered;
  });
}

async function makeOffer(tx: Transaction, deps: ServiceDeps, entry: q.EntryRow, time: string): Promise<void> {
  const now = deps.clock.now();
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({
      entryId: entry.id,
      reservationDate: entry.reservationDate,
      reservationTime: time,
      numberOfPeople: entry.numberOfPeople,
      offeredAt: now,
      holdUntil: new Date(now.getTime() + WAITLIST_HOLD_MINUTES * MINUTE_MS),
    })
    .returning();
  const offered = await q.updateEntry(tx, entry.id, { status: 'offered', updatedAt: now });
  await queueOfferWebhook(tx, offered, offer!, now);
  const notifications = await getNotificationSettings(tx);
  const config = await getRestaurantConfig(tx);
  const email =
    notifications.emailNotificationsEnabled && offered.customerEmail
      ? offerEmail(config, { ...offered, customerEmail: offered.customerEmail }, offer!, deps.publicUrl)
      : null;
  // By the guest's channel when they chose one (issue 46), else by email.
  await sendGuestNotice(tx, {
    kind: 'waitlist_offer',
    booking: {
      waitlistEntryId: offered.id,
      customerName: offered.customerName,
      customerPhoneE164: offered.customerPhoneE164,
      messagingChannel: offered.messagingChannel,
      language: offered.language,
      reservationDate: offer!.reservationDate,
      reservationTime: offer!.reservationTime,
      numberOfPeople: offered.numberOfPeople,
    },
    restaurant: config.name,
    email,
    link: pendingOfferLink(deps.publicUrl, offered.id, offer!.id, offered.language),
    minutes: WAITLIST_HOLD_MINUTES,
  }, now);
  await enqueuePushToAdmins(tx, waitlistPush(waitlistMessages.pushOfferTitle, offered, offer!), notifications);
  await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: entry.id });
}

/**
 * Offers the date's freed places once the change that freed them has committed. A failure here is not the change's:
 * the minute's sweep offers them again.
 */
export async function offerAfterCommit(deps: ServiceDeps, date: string): Promise<void> {
  await offerFreedPlaces(deps, date).catch(() => undefined);
}

/**
 * An offer's hold ended unanswered: the offer lapses and the entry's turn with it ('Sin respuesta'), and the guest is
 * told by email. The offer leaves 'open' here, under its date's lock, so the email goes once.
 */
export async function lapseOffer(tx: Transaction, deps: ServiceDeps, offer: q.OfferRow, now: Date): Promise<void> {
  await q.updateOffer(tx, offer.id, { status: 'expired' });
  const entry = await q.findEntry(tx, offer.entryId, true);
  if (entry?.status === 'offered') await q.updateEntry(tx, entry.id, { status: 'missed', updatedAt: now });
  if (entry?.customerEmail && (await getNotificationSettings(tx)).emailNotificationsEnabled) {
    const config = await getRestaurantConfig(tx);
    await enqueueEmail(tx, offerExpiredEmail(config, { ...entry, customerEmail: entry.customerEmail }, offer, deps.publicUrl), now);
  }
  await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: offer.entryId });
}

/** The entry booked by its accepted offer: both name the reservation, and staff hear of it. */
export async function bookEntry(tx: Transaction, offer: q.OfferRow, entry: q.EntryRow, reservationId: string, now: Date): Promise<void> {
  await q.updateOffer(tx, offer.id, { reservationId });
  const booked = await q.updateEntry(tx, entry.id, { status: 'booked', reservationId, updatedAt: now });
  await enqueuePushToAdmins(tx, waitlistPush(waitlistMessages.pushAcceptedTitle, booked, offer));
  await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: entry.id });
}

/**
 * Offers accepted into a card's hold (issue 45): once the hold booked the place (under the offer's id) the entry is
 * booked, even by a card saved late; once the hold ended without a card the entry's turn is spent ('Sin respuesta'),
 * as with an offer left unanswered, and its place, back in capacity, goes to the next party.
 */
export async function settleCardOffers(deps: ServiceDeps): Promise<void> {
  const now = deps.clock.now();
  for (const { offerId } of await q.offersAwaitingCard(deps.db, madridToday(now))) {
    await deps.db.transaction(async (tx) => {
      const offer = await q.findOffer(tx, offerId, true);
      const entry = offer && (await q.findEntry(tx, offer.entryId, true));
      if (!offer || !entry || offer.status !== 'accepted' || offer.reservationId) return;
      if (await findReservation(tx, offer.id)) return bookEntry(tx, offer, entry, offer.id, now);
      if (entry.status !== 'offered' || (await q.isAwaitingCard(tx, offer))) return;
      await q.updateEntry(tx, entry.id, { status: 'missed', updatedAt: now });
      await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: entry.id });
    });
  }
}

/** Withdraws an entry's open offer (the entry left or was served otherwise); true when there was one. */
export async function withdrawOpenOffer(tx: Transaction, entryId: string, now: Date): Promise<boolean> {
  const open = await q.openOfferOf(tx, entryId);
  if (!open) return false;
  await q.updateOffer(tx, open.id, { status: 'withdrawn', answeredAt: now });
  return true;
}

/**
 * The minute's sweep: offers whose hold ended lapse, entries whose date ended expire, and every date where someone
 * waits is matched again (a place freed by a change no event reported, or one a lapsed offer gave back).
 */
export async function sweepWaitlist(deps: ServiceDeps): Promise<void> {
  await settleCardOffers(deps);
  const now = deps.clock.now();
  const today = madridToday(now);
  for (const date of await q.datesWithLapsedOffers(deps.db, now)) {
    await deps.db.transaction(async (tx) => {
      await q.lockWaitlistDate(tx, date);
      for (const offer of await q.lapsedOffers(tx, date, now)) await lapseOffer(tx, deps, offer, now);
    });
  }
  for (const date of await q.datesEnded(deps.db, today)) {
    await deps.db.transaction(async (tx) => {
      await q.lockWaitlistDate(tx, date);
      await q.lockOpenOffersOn(tx, date);
      for (const entry of await q.endedEntries(tx, date)) {
        await withdrawOpenOffer(tx, entry.id, now);
        await q.updateEntry(tx, entry.id, { status: 'expired', updatedAt: now });
        await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: entry.id });
      }
    });
  }
  await matchEveryDate(deps);
}

/** Matches every date from today on where someone waits. */
export async function matchEveryDate(deps: ServiceDeps): Promise<void> {
  for (const date of await q.datesWithWaiting(deps.db, madridToday(deps.clock.now()))) await offerFreedPlaces(deps, date);
}
