// The waitlist's webhook events (issue 48, item 3; decision 051), queued in the offer's own transaction: a freed place
// offered to a party, and the offer taken (a booking made from it; one waiting for a card is its booking's event).
import type { Executor } from '../../db/client.ts';
import { queueWebhookEvents } from '../webhooks/service.ts';
import type { EntryRow, OfferRow } from './queries.ts';

const offerData = (entry: EntryRow, offer: OfferRow, reservationId: string | null) => ({
  entryId: entry.id,
  offerId: offer.id,
  customerName: entry.customerName,
  customerPhone: entry.customerPhone,
  customerEmail: entry.customerEmail,
  numberOfPeople: offer.numberOfPeople,
  reservationDate: offer.reservationDate,
  reservationTime: offer.reservationTime,
  holdUntil: offer.holdUntil.toISOString(),
  reservationId,
});

export const queueOfferWebhook = (tx: Executor, entry: EntryRow, offer: OfferRow, at: Date) =>
  queueWebhookEvents(tx, { events: ['waitlist.offered'], at, data: async () => offerData(entry, offer, null) });

export const queueAcceptanceWebhook = (tx: Executor, entry: EntryRow, offer: OfferRow, reservationId: string, at: Date) =>
  queueWebhookEvents(tx, { events: ['waitlist.accepted'], at, reservationId, data: async () => offerData(entry, offer, reservationId) });
