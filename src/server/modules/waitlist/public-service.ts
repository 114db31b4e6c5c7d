// The guest's waitlist: joining from a time the form shows full, the entry's page (and leaving), and an offer's page
// (and accepting it, which books through the same path as the booking form). Links are the only credential.
import { MAX_WAITLIST_ENTRIES_PER_EMAIL_PER_DAY } from '@shared/limits.ts';
import type { Language } from '@shared/i18n/languages.ts';
import { guestText } from '@shared/i18n/text-keys.ts';
import { closedMessageKey } from '@shared/i18n/closed-day-texts.ts';
import { slotTakes } from '@shared/rules/pacing.ts';
import { waitlistMessages } from '@shared/staff-messages/waitlist.ts';
import type { GuestOfferView, GuestWaitlistView, OfferAccepted, PublicWaitlistEntry, WaitlistJoined } from '@shared/schemas/waitlist.ts';
import { consentimientos, waitlistEntries } from '../../db/schema.ts';
import { AppError, conflict, type ErrorText } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getPublicAvailability } from '../availability/service.ts';
import { type GuaranteeGate, type GuaranteeHold, placeOrHoldRequest } from '../reservations/service.ts';
import { neverSeats } from '../capacity/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import { guestLinkPaths } from '../private-links/service.ts';
import { queueAcceptanceWebhook } from './webhook-events.ts';
import { consentRecord } from '../legal/service.ts';
import { messagingChoice, recordMessagingConsent } from '../messaging/service.ts';
import { joinedEmail } from './emails.ts';
import { bookEntry, lapseOffer, offerAfterCommit, withdrawOpenOffer } from './offers.ts';
import * as q from './queries.ts';
import { entryPagePath } from './tokens.ts';
import { entryOfToken, guestEntryView, guestOfferView, heldOfferOf, offerOfToken } from './guest-views.ts';

const unprocessable = (code: string, text: ErrorText) => new AppError(422, code, text);

/** Capacity refusals of a booking: the offered place is gone, the party stays on the list. */
const PLACE_GONE = new Set(['slot_full', 'day_full', 'no_table', 'slot_unavailable', 'time_paused']);

function sameJoin(entry: q.EntryRow, input: PublicWaitlistEntry): boolean {
  return (
    entry.customerName === input.customerName &&
    entry.customerPhone === input.customerPhone &&
    entry.customerEmail === input.customerEmail &&
    entry.numberOfPeople === input.numberOfPeople &&
    entry.reservationDate === input.reservationDate &&
    entry.timeFrom === input.reservationTime
  );
}

/**
 * A guest joins the list for a date and time that is open but full for the party. Same id again (a retry, a double
 * click) answers with the entry already made. The privacy consent is recorded as with a booking.
 */
export async function joinWaitlist(deps: ServiceDeps, input: PublicWaitlistEntry & { language: Language }): Promise<{ joined: WaitlistJoined; created: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await q.lockEmailDate(tx, input.customerEmail, input.reservationDate);
    const existing = await q.findEntry(tx, input.id);
    if (existing) {
      if (!sameJoin(existing, input)) throw conflict('duplicate_id', guestText('waitlist.errors.idReused'));
      return { joined: { id: existing.id, status: existing.status }, created: false };
    }
    const availability = await getPublicAvailability(tx, deps.clock, input.reservationDate);
    if (!availability.bookable) throw unprocessable('day_closed', guestText(closedMessageKey(availability.closedReason)));
    const slot = availability.slots.find((candidate) => candidate.time === input.reservationTime);
    if (!slot) throw unprocessable('slot_unavailable', guestText('reservation.errors.slotUnavailable'));
    if (slot.reason === 'past') throw unprocessable('past_time', guestText('reservation.errors.pastTime'));
    if (slot.reason) throw unprocessable('slot_unavailable', guestText('reservation.errors.slotUnavailable'));
    if (slotTakes(slot, input.numberOfPeople)) throw conflict('slot_available', guestText('waitlist.errors.notFull'));
    if (await neverSeats(tx, await getRestaurantConfig(tx), input.numberOfPeople)) throw conflict('party_too_large', guestText('waitlist.errors.tooLarge', { people: input.numberOfPeople }));
    const active = await q.activeEntriesForEmail(tx, input.customerEmail, input.reservationDate);
    if (active.some((entry) => entry.timeFrom === input.reservationTime)) throw conflict('already_joined', guestText('waitlist.errors.alreadyJoined'));
    if (active.length >= MAX_WAITLIST_ENTRIES_PER_EMAIL_PER_DAY) throw conflict('waitlist_limit', guestText('waitlist.errors.limit'));
    const messaging = await messagingChoice(tx, input.customerPhone, input.messagingOptIn);

    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        id: input.id,
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        customerPhoneE164: messaging.phoneE164,
        messagingChannel: messaging.channel,
        customerEmail: input.customerEmail,
        numberOfPeople: input.numberOfPeople,
        reservationDate: input.reservationDate,
        timeFrom: input.reservationTime,
        source: 'guest',
        language: input.language,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(consentimientos).values(await consentRecord(tx, input.customerEmail, null, input.language));
    if (messaging.channel && messaging.phoneE164) {
      await recordMessagingConsent(tx, { channel: messaging.channel, phoneE164: messaging.phoneE164, language: input.language, waitlistEntryId: input.id });
    }
    if ((await getNotificationSettings(tx)).emailNotificationsEnabled) {
      await enqueueEmail(tx, joinedEmail(await getRestaurantConfig(tx), { ...entry!, customerEmail: input.customerEmail }, deps.publicUrl), now);
    }
    await recordChange(tx, { table: 'waitlist_entries', action: 'insert', id: input.id });
    return { joined: { id: input.id, status: 'waiting' as const, managePath: await entryPagePath(tx, input.id, input.language, now) }, created: true };
  });
}

export async function getGuestEntry(deps: ServiceDeps, token: string): Promise<GuestWaitlistView> {
  return guestEntryView(deps, await entryOfToken(deps, token));
}

/** The guest leaves the list; an offer held for them is passed to the next party. */
export async function leaveWaitlist(deps: ServiceDeps, token: string): Promise<GuestWaitlistView> {
  const known = await entryOfToken(deps, token);
  const now = deps.clock.now();
  const { entry, freed } = await deps.db.transaction(async (tx) => {
    await q.lockWaitlistDate(tx, known.reservationDate);
    await q.openOfferOf(tx, known.id);
    const current = await q.findEntry(tx, known.id, true);
    if (!current || (current.status !== 'waiting' && current.status !== 'offered')) throw conflict('not_waiting', guestText('waitlist.errors.notWaiting'));
    const freed = await withdrawOpenOffer(tx, current.id, now);
    const entry = await q.updateEntry(tx, current.id, { status: 'removed', updatedAt: now });
    await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: current.id });
    return { entry, freed };
  });
  if (freed) await offerAfterCommit(deps, entry.reservationDate);
  return guestEntryView(deps, entry);
}

export async function getGuestOffer(deps: ServiceDeps, token: string): Promise<GuestOfferView> {
  return guestOfferView(deps, await offerOfToken(deps, token));
}

/** The entry's page accepts the offer held for it now, as the offer's own link would. */
export async function acceptEntryOffer(deps: ServiceDeps, token: string, guarantee: GuaranteeGate): Promise<OfferAnswer> {
  const entry = await entryOfToken(deps, token);
  const offer = await heldOfferOf(deps.db, entry.id, deps.clock.now());
  if (!offer) throw conflict('no_open_offer', guestText('waitlist.errors.offerWithdrawn'));
  return acceptOffer(deps, { offer, entry }, guarantee);
}

/** An acceptance answered: booked, or held while the guest saves the card the rules ask for (issue 45). */
export type OfferAnswer = { accepted: OfferAccepted } | { held: GuaranteeHold };
type Acceptance = OfferAnswer | { refused: AppError; freed: boolean };

/**
 * The guest accepts an offer within its hold: one transaction, under the offer's row lock, marks the offer
 * accepted and books the place through the booking form's own path (pending or confirmed by the usual rule), so
 * the link works once. A party the card guarantee's rules cover goes through the booking form's gate: the offer's
 * place passes to the card's hold in the same transaction (no moment another party could take it), under the offer's
 * id, which the reservation takes when the card is saved (settleCardOffers). Past the hold the offer lapses (and passes on); if the place went meanwhile (a staff booking
 * past the maxima, a closure), the offer is withdrawn and the party stays on the list.
 */
export async function acceptOffer(deps: ServiceDeps, known: { offer: q.OfferRow; entry: q.EntryRow }, guarantee: GuaranteeGate): Promise<OfferAnswer> {
  const date = known.offer.reservationDate;
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Acceptance> => {
    const offer = (await q.findOffer(tx, known.offer.id, true))!;
    if (offer.status === 'accepted') return { refused: conflict('offer_spent', guestText('waitlist.errors.offerSpent')), freed: false };
    if (offer.status === 'expired') return { refused: conflict('offer_expired', guestText('waitlist.errors.offerExpired')), freed: false };
    if (offer.status === 'withdrawn') return { refused: conflict('offer_withdrawn', guestText('waitlist.errors.offerWithdrawn')), freed: false };
    if (offer.holdUntil.getTime() <= now.getTime()) {
      await lapseOffer(tx, deps, offer, now);
      return { refused: conflict('offer_expired', guestText('waitlist.errors.offerExpired')), freed: true };
    }
    const entry = (await q.findEntry(tx, offer.entryId, true))!;
    await q.updateOffer(tx, offer.id, { status: 'accepted', answeredAt: now });
    try {
      const placed = await tx.transaction((savepoint) =>
        placeOrHoldRequest(
          savepoint,
          deps,
          {
            id: offer.id,
            customerName: entry.customerName,
            customerPhone: entry.customerPhone ?? '',
            customerEmail: entry.customerEmail ?? '',
            numberOfPeople: offer.numberOfPeople,
            reservationDate: offer.reservationDate,
            reservationTime: offer.reservationTime,
            language: entry.language,
            specialRequirement: '',
            // The entry's consent to messages covers the booking it becomes.
            messaging: entry.messagingChannel ? { phoneE164: entry.customerPhoneE164, channel: entry.messagingChannel } : undefined,
          },
          { adminNotes: waitlistMessages.bookedNote, consent: true, overlapAllowed: true },
          guarantee,
        ),
      );
      if ('held' in placed) {
        await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: entry.id });
        return { held: placed.held };
      }
      await bookEntry(tx, offer, entry, placed.reservation.id, now);
      await queueAcceptanceWebhook(tx, entry, offer, placed.reservation.id, now);
      return { accepted: { reservation: placed.reservation, booking: await guestLinkPaths(tx, placed.reservation.id, now) } };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const gone = PLACE_GONE.has(error.code);
      await q.updateOffer(tx, offer.id, { status: 'withdrawn', answeredAt: now });
      await q.updateEntry(tx, entry.id, { status: gone ? 'waiting' : 'missed', updatedAt: now });
      await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: entry.id });
      return { refused: gone ? conflict('place_taken', guestText('waitlist.errors.placeTaken')) : error, freed: true };
    }
  });
  if (!('refused' in outcome)) return outcome;
  if (outcome.freed) await offerAfterCommit(deps, date);
  throw outcome.refused;
}
