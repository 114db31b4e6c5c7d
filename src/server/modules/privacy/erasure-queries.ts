// Every table that can hold a guest's personal data, in one place (decision 026): an erasure has to reach all of them,
// and tests/api/guest-erasure.test.ts scans every text column of every table to prove it does.
import { and, eq, gt, gte, inArray, or, type SQLWrapper, sql } from 'drizzle-orm';
import { statusesFor } from '@shared/rules/lifecycle.ts';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import type { Transaction } from '../../db/client.ts';
import {
  cardGuarantees,
  consentimientos,
  emailOutbox,
  feedbackRequests,
  guaranteeHolds,
  guestAccessTokens,
  guestMerges,
  guestMessages,
  webhookDeliveries,
  guests,
  messagingConsents,
  pushOutbox,
  reservasLogs,
  reservationChanges,
  reservations,
  waitlistEntries,
  waitlistTokens,
} from '../../db/schema.ts';
import { phoneE164Of } from '../messaging/service.ts';
import { rememberErasedLinks } from '../private-links/service.ts';

/** What identifies the guest's data: the profile, its reservations, and the emails, phones and names they used. */
export interface ErasureScope {
  guestId: string;
  reservationIds: string[];
  emails: string[];
  /** As typed on each reservation, and the profile's normalised one. */
  phones: string[];
  /** Those phones in E.164, as WhatsApp and SMS consents and messages name them (issue 46). */
  phonesE164: string[];
  names: string[];
}

/** The guest's reservations (by profile, or by one of its emails) and the contact data found on them; null: no guest. */
export async function erasureScope(tx: Transaction, guestId: string): Promise<ErasureScope | null> {
  const [guest] = await tx.select().from(guests).where(eq(guests.id, guestId)).for('update');
  if (!guest) return null;
  const byEmail = guest.email ? eq(reservations.customerEmail, guest.email) : undefined;
  const rows = await tx
    .select({
      id: reservations.id,
      name: reservations.customerName,
      email: reservations.customerEmail,
      phone: reservations.customerPhone,
      phoneE164: reservations.customerPhoneE164,
    })
    .from(reservations)
    .where(or(eq(reservations.guestId, guestId), byEmail))
    .for('update');
  // The profiles joined into this one ('Unir clientes') were the same person: their email and phone are theirs too.
  const merged = await tx.select({ email: guestMerges.mergedEmail, phone: guestMerges.mergedPhone }).from(guestMerges).where(eq(guestMerges.keptGuestId, guestId));
  const unique = (values: Array<string | null>) => [...new Set(values.filter((value): value is string => Boolean(value)))];
  const phones = unique([guest.phone, ...merged.map((row) => row.phone), ...rows.map((row) => row.phone)]);
  return {
    guestId,
    reservationIds: rows.map((row) => row.id),
    emails: unique([guest.email, ...merged.map((row) => row.email), ...rows.map((row) => row.email)]),
    phones,
    phonesE164: unique([...rows.map((row) => row.phoneE164), ...phones.map(phoneE164Of)]),
    names: unique(rows.map((row) => row.name)),
  };
}

/**
 * The scope's pending and confirmed bookings from `now` on (Madrid), cancelled by the guest; returns how many. The one
 * status write outside reservations' `transition` (decision 034): the erasure deletes their change log in the same
 * transaction, and no email goes to an address being erased.
 */
export async function cancelUpcoming(tx: Transaction, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const cancelled = await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelledBy: 'guest', cancelledAt: now, updatedAt: now })
    .where(and(inArray(reservations.id, ids), inArray(reservations.status, statusesFor('erased')), stillToCome(now)))
    .returning({ id: reservations.id });
  return cancelled.length;
}

/** Reservations from `now` on, Madrid time. */
export const stillToCome = (now: Date) => {
  const today = madridToday(now);
  return or(gt(reservations.reservationDate, today), and(eq(reservations.reservationDate, today), gte(reservations.reservationTime, madridNowTime(now))));
};

// `in ()` is not SQL: an empty list matches nothing.
const anyOf = (column: SQLWrapper, values: string[]) => (values.length > 0 ? inArray(column, values) : sql`false`);

/**
 * Reservations keep date, time, party size, status, arrival and source, and lose everything else that is personal:
 * the row's contact data and notes, its change log, private links, emails, consents, error logs and the comment of
 * its rating.
 */
export async function anonymiseReservations(tx: Transaction, ids: string[], erasedName: string, now: Date): Promise<Record<string, number>> {
  if (ids.length === 0) return { reservations: 0, changes: 0, links: 0, emails: 0, consents: 0, logs: 0, messages: 0, feedback: 0 };
  const anonymised = await tx
    .update(reservations)
    .set({
      customerName: erasedName,
      customerPhone: null,
      customerPhoneE164: null,
      messagingChannel: null,
      customerEmail: null,
      adminNotes: null,
      cancellationReason: null,
      guestId: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(inArray(reservations.id, ids))
    .returning({ id: reservations.id });
  const changes = await tx.delete(reservationChanges).where(inArray(reservationChanges.reservationId, ids)).returning({ id: reservationChanges.id });
  const links = await tx.delete(guestAccessTokens).where(inArray(guestAccessTokens.reservationId, ids)).returning({ id: guestAccessTokens.tokenHash });
  const emails = await tx.delete(emailOutbox).where(inArray(emailOutbox.reservationId, ids)).returning({ id: emailOutbox.id });
  const consents = await tx.delete(consentimientos).where(inArray(consentimientos.reservationId, ids)).returning({ id: consentimientos.id });
  const logs = await tx.delete(reservasLogs).where(inArray(reservasLogs.reservationId, ids)).returning({ id: reservasLogs.id });
  const messaging = await tx.delete(messagingConsents).where(inArray(messagingConsents.reservationId, ids)).returning({ id: messagingConsents.id });
  const messages = await tx.delete(guestMessages).where(inArray(guestMessages.reservationId, ids)).returning({ id: guestMessages.id });
  // What was sent to the owner's other systems is theirs now; Mesa's copy of it goes (issue 48).
  await tx.delete(webhookDeliveries).where(inArray(webhookDeliveries.reservationId, ids));
  // A rating stays as an anonymous figure; the guest's own words and the link go (issue 47).
  const feedback = await tx
    .update(feedbackRequests)
    .set({ comment: null, tokenHash: null })
    .where(inArray(feedbackRequests.reservationId, ids))
    .returning({ id: feedbackRequests.id });
  return {
    reservations: anonymised.length,
    changes: changes.length,
    links: links.length,
    emails: emails.length,
    consents: consents.length + messaging.length,
    logs: logs.length,
    messages: messages.length,
    feedback: feedback.length,
  };
}

/**
 * Saved cards are let go (the payments job then has the provider forget the card and the guest's record there), and
 * the requests of bookings that waited for a card are emptied, ending those still waiting.
 */
async function releaseCards(tx: Transaction, scope: ErasureScope, now: Date): Promise<number> {
  const released = await tx
    .update(cardGuarantees)
    .set({ state: 'released', releasedAt: now, releaseReason: 'erased' })
    .where(and(anyOf(cardGuarantees.reservationId, scope.reservationIds), eq(cardGuarantees.state, 'saved')))
    .returning({ id: cardGuarantees.reservationId });
  await tx.update(cardGuarantees).set({ cardLabel: null }).where(anyOf(cardGuarantees.reservationId, scope.reservationIds));
  await tx
    .update(guaranteeHolds)
    .set({
      request: null,
      status: sql`case when ${guaranteeHolds.status} in ('opening', 'open') then 'cancelled' else ${guaranteeHolds.status} end`,
      endedAt: sql`coalesce(${guaranteeHolds.endedAt}, ${now})`,
    })
    .where(or(anyOf(sql`lower(${guaranteeHolds.request} ->> 'customerEmail')`, scope.emails), anyOf(guaranteeHolds.reservationId, scope.reservationIds)));
  return released.length;
}

/**
 * The WhatsApp and SMS consents and messages of the guest's numbers and of the waitlist entries about to be erased
 * (their links would be set to null by the entries' deletion). Opt-outs stay: a 'BAJA' keeps the number unmessaged.
 */
async function eraseMessaging(tx: Transaction, { emails, phones, phonesE164 }: ErasureScope): Promise<{ consents: number; messages: number }> {
  const entries = tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(or(anyOf(waitlistEntries.customerEmail, emails), anyOf(waitlistEntries.customerPhone, phones)));
  const consents = await tx
    .delete(messagingConsents)
    .where(or(anyOf(messagingConsents.phoneE164, phonesE164), inArray(messagingConsents.waitlistEntryId, entries)))
    .returning({ id: messagingConsents.id });
  const messages = await tx
    .delete(guestMessages)
    .where(or(anyOf(guestMessages.phoneE164, phonesE164), inArray(guestMessages.waitlistEntryId, entries)))
    .returning({ id: guestMessages.id });
  return { consents: consents.length, messages: messages.length };
}

/** The guest's booking and waitlist links, about to go, kept by hash only: they answer 'erased' from now on. */
async function rememberLinks(tx: Transaction, { reservationIds, emails, phones }: ErasureScope, now: Date): Promise<void> {
  const bookings = await tx.select({ hash: guestAccessTokens.tokenHash }).from(guestAccessTokens).where(anyOf(guestAccessTokens.reservationId, reservationIds));
  const waitlist = await tx
    .select({ hash: waitlistTokens.tokenHash })
    .from(waitlistTokens)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistTokens.entryId))
    .where(or(anyOf(waitlistEntries.customerEmail, emails), anyOf(waitlistEntries.customerPhone, phones)));
  await rememberErasedLinks(tx, [...bookings, ...waitlist].map((row) => row.hash), now);
}

/** Removes the personal data the scope names; returns how many rows of each kind it touched. */
export async function eraseScope(tx: Transaction, scope: ErasureScope, erasedName: string, now: Date): Promise<Record<string, number>> {
  const { emails, phones, names } = scope;
  await rememberLinks(tx, scope, now);
  const counts = await anonymiseReservations(tx, scope.reservationIds, erasedName, now);
  const emailsDeleted = await tx.delete(emailOutbox).where(anyOf(sql`lower(${emailOutbox.toAddress})`, emails)).returning({ id: emailOutbox.id });
  // A staff alert names the guest in its payload; it is matched by the names the guest's reservations carried.
  const pushes = await tx
    .delete(pushOutbox)
    .where(anyOf(sql`${pushOutbox.payload} -> 'reservationData' ->> 'customerName'`, names))
    .returning({ id: pushOutbox.id });
  const consents = await tx.delete(consentimientos).where(anyOf(consentimientos.clienteEmail, emails)).returning({ id: consentimientos.id });
  const logs = await tx.delete(reservasLogs).where(anyOf(reservasLogs.clienteEmail, emails)).returning({ id: reservasLogs.id });
  const messaging = await eraseMessaging(tx, scope);
  const waitlist = await tx
    .delete(waitlistEntries)
    .where(or(anyOf(waitlistEntries.customerEmail, emails), anyOf(waitlistEntries.customerPhone, phones)))
    .returning({ id: waitlistEntries.id });
  const cards = await releaseCards(tx, scope, now);
  await tx.delete(guests).where(eq(guests.id, scope.guestId));
  return {
    cards,
    ...counts,
    emails: (counts.emails ?? 0) + emailsDeleted.length,
    pushes: pushes.length,
    consents: (counts.consents ?? 0) + consents.length + messaging.consents,
    messages: (counts.messages ?? 0) + messaging.messages,
    logs: (counts.logs ?? 0) + logs.length,
    waitlist: waitlist.length,
  };
}
