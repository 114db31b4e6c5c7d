// The guest's waitlist pages as the API answers them: an entry's (with the offer held for it now, which the page lets
// the guest accept) and an offer's (lapsed: whether the date still has a time for the party; booked: the booking's
// links). Reads only, but for the fresh token a booked offer's links carry.
import { guestText } from '@shared/i18n/text-keys.ts';
import { publicGuaranteeTermsFor } from '@shared/rules/card-guarantee.ts';
import { slotTakes } from '@shared/rules/pacing.ts';
import type { GuestOfferView, GuestWaitlistView } from '@shared/schemas/waitlist.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getPublicAvailability } from '../availability/service.ts';
import { guestLinkPaths } from '../private-links/service.ts';
import { findReservation } from '../reservations/service.ts';
import { cardGuaranteeInForce, getRestaurantConfig } from '../settings/service.ts';
import * as q from './queries.ts';
import { tokenTarget } from './tokens.ts';

export async function entryOfToken(deps: ServiceDeps, token: string): Promise<q.EntryRow> {
  const target = await tokenTarget(deps.db, token);
  const entry = target && !target.offerId ? await q.findEntry(deps.db, target.entryId) : null;
  if (!entry) throw notFound(guestText('waitlist.errors.notFound'));
  return entry;
}

export async function offerOfToken(deps: ServiceDeps, token: string): Promise<{ offer: q.OfferRow; entry: q.EntryRow }> {
  const target = await tokenTarget(deps.db, token);
  const offer = target?.offerId ? await q.findOffer(deps.db, target.offerId) : null;
  const entry = offer ? await q.findEntry(deps.db, offer.entryId) : null;
  if (!offer || !entry) throw notFound(guestText('waitlist.errors.notFound'));
  return { offer, entry };
}

/** The entry's offer still holding its place now (the minute's sweep may not have lapsed an ended one yet). */
export async function heldOfferOf(db: Executor, entryId: string, now: Date): Promise<q.OfferRow | null> {
  const open = await q.openOfferOf(db, entryId, false);
  return open && open.holdUntil.getTime() > now.getTime() ? open : null;
}

export async function guestEntryView(deps: ServiceDeps, entry: q.EntryRow): Promise<GuestWaitlistView> {
  const [config, guarantee, offer] = await Promise.all([
    getRestaurantConfig(deps.db),
    cardGuaranteeInForce(deps.db),
    heldOfferOf(deps.db, entry.id, deps.clock.now()),
  ]);
  return {
    customerName: entry.customerName,
    reservationDate: entry.reservationDate,
    reservationTime: entry.timeFrom,
    numberOfPeople: entry.numberOfPeople,
    status: entry.status,
    restaurantName: config.name,
    openOffer: offer && {
      reservationTime: offer.reservationTime,
      holdUntil: offer.holdUntil.toISOString(),
      guarantee: publicGuaranteeTermsFor(guarantee, offer),
    },
  };
}

/** Whether the date still has a time the party could book from the form. */
async function placesOpen(deps: ServiceDeps, date: string, people: number): Promise<boolean> {
  const availability = await getPublicAvailability(deps.db, deps.clock, date);
  return availability.bookable && availability.slots.some((slot) => slot.available && slotTakes(slot, people));
}

export async function guestOfferView(deps: ServiceDeps, { offer, entry }: { offer: q.OfferRow; entry: q.EntryRow }): Promise<GuestOfferView> {
  const now = deps.clock.now();
  const [config, guarantee] = await Promise.all([getRestaurantConfig(deps.db), cardGuaranteeInForce(deps.db)]);
  // An offer past its hold reads as expired at once, whether or not the minute's sweep has passed it on yet.
  const lapsed = offer.status === 'open' && offer.holdUntil.getTime() <= now.getTime();
  // Accepted, but the card it asked for never came (settleCardOffers spent the entry's turn): as good as lapsed.
  const noCard = offer.status === 'accepted' && !offer.reservationId && entry.status === 'missed';
  const status = lapsed || noCard ? 'expired' : offer.status;
  const booked = status === 'accepted' && offer.reservationId && (await findReservation(deps.db, offer.reservationId));
  return {
    customerName: entry.customerName,
    reservationDate: offer.reservationDate,
    reservationTime: offer.reservationTime,
    numberOfPeople: offer.numberOfPeople,
    status,
    holdUntil: offer.holdUntil.toISOString(),
    restaurantName: config.name,
    // The same rule the acceptance's gate applies (guarantee-gate.ts), so the page states what pressing accept asks.
    guarantee: status === 'open' ? publicGuaranteeTermsFor(guarantee, offer) : null,
    placesOpen: status === 'expired' && (await placesOpen(deps, offer.reservationDate, offer.numberOfPeople)),
    booking: booked ? await guestLinkPaths(deps.db, booked.id, now) : null,
  };
}
