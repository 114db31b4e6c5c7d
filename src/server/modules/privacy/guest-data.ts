// A guest's personal data on request (issue 24, decision 026): everything Mesa holds about a guest as a file, and its
// erasure everywhere, keeping only the anonymous figures statistics need. Each is logged in privacy_events, by guest
// id only.
import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { type GuestErased, PRIVACY_EVENTS_SHOWN, type PrivacyEvent } from '@shared/schemas/privacy.ts';
import type { NoShowRisk } from '@shared/schemas/no-show-risk.ts';
import type { Executor } from '../../db/client.ts';
import { consentimientos, emailOutbox, feedbackRequests, guestMerges, guests, messagingConsents, policyVersions, privacyEvents, reservationChanges, reservations, waitlistEntries } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { removeEmlFilesNaming } from '../../platform/eml-files.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { cancelUpcoming, eraseScope, erasureScope } from './erasure-queries.ts';
import { noShowRisks } from '../reservations/service.ts';
import { waitingParty } from '../waitlist/service.ts';
import { noShowRiskMessages } from '@shared/staff-messages/no-show-risk.ts';

const t = staffMessages.guests;

export interface PrivacyActor {
  email: string | null;
  /** The staff member's address (issue 44); none is kept for a guest's own request. */
  ipAddress?: string | null;
  /** The guest's own request, from the reservation's private page. */
  byGuest?: boolean;
}

/**
 * Erases the guest's personal data everywhere, in one transaction, and the .eml copies in `emlDir`; 404 for an unknown (or already erased) guest.
 * Statuses stay as they were (the statistics read the same figures), except when the guest asks from the private
 * page: the confirmation said their bookings still to come would be cancelled, and they are, first.
 */
export async function eraseGuest({ db, clock }: ServiceDeps, guestId: string, actor: PrivacyActor, emlDir: string): Promise<GuestErased> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const scope = await erasureScope(tx, guestId);
    if (!scope) throw notFound(t.errors.notFound);
    const cancelled = actor.byGuest ? await cancelUpcoming(tx, scope.reservationIds, now) : 0;
    const counts: Record<string, number> = { ...(await eraseScope(tx, scope, guestPrivacyMessages.erasedName, now)), cancelled };
    // The mail sink's copies of what the guest was sent (or what named them) go too.
    counts.mailFiles = await removeEmlFilesNaming(emlDir, scope.emails);
    await tx.insert(privacyEvents).values({ at: now, actorEmail: actor.email, ipAddress: actor.ipAddress ?? null, byGuest: actor.byGuest ?? false, action: 'erasure', guestId, counts });
    await recordChange(tx, { table: 'privacy_events', action: 'insert', id: guestId });
    await recordChange(tx, { table: 'guests', action: 'delete', id: guestId });
    await recordChange(tx, { table: 'reservations', action: 'update', id: null });
    if (counts.waitlist) await recordChange(tx, { table: 'waitlist_entries', action: 'delete', id: null });
    return { guestId, counts };
  });
}

/** An export, recorded in privacy_events: who asked (staff, or the guest from the private page) and when. */
export async function exportGuest({ db, clock }: ServiceDeps, guestId: string, actor: PrivacyActor) {
  const now = clock.now();
  const file = await collectGuestData(db, guestId, now);
  await db.transaction(async (tx) => {
    await tx.insert(privacyEvents).values({
      at: now,
      actorEmail: actor.email,
      ipAddress: actor.ipAddress ?? null,
      byGuest: actor.byGuest ?? false,
      action: 'export',
      guestId,
      counts: { reservations: file.reservations.length },
    });
    await recordChange(tx, { table: 'privacy_events', action: 'insert', id: guestId });
  });
  return file;
}

/**
 * Everything Mesa holds about a guest: the profile (note, tags, allergens), the reservations with their notes,
 * change log, bill and rating and, for those still to come, the no-show risk staff see, the consents with the policy texts they accepted, the emails sent (subject and dates, not bodies) and
 * the waitlist entries.
 */
async function collectGuestData(db: Executor, guestId: string, now: Date) {
  const [guest] = await db.select().from(guests).where(eq(guests.id, guestId));
  if (!guest) throw notFound(t.errors.notFound);
  const emails = guest.email ? [guest.email] : [];
  const bookings = await db
    .select()
    .from(reservations)
    .where(or(eq(reservations.guestId, guestId), ...emails.map((email) => eq(reservations.customerEmail, email))))
    .orderBy(desc(reservations.reservationDate), desc(reservations.reservationTime));
  const ids = bookings.map((booking) => booking.id);
  const contactEmails = [...new Set([...emails, ...bookings.flatMap((booking) => (booking.customerEmail ? [booking.customerEmail] : []))])];
  const [changes, consents, sent, waitlist, risks, ratings] = await Promise.all([
    ids.length ? db.select().from(reservationChanges).where(inArray(reservationChanges.reservationId, ids)).orderBy(asc(reservationChanges.at)) : [],
    readConsents(db, ids, contactEmails),
    readEmails(db, ids, contactEmails),
    contactEmails.length ? db.select().from(waitlistEntries).where(inArray(waitlistEntries.customerEmail, contactEmails)) : [],
    noShowRisks(db, bookings, now),
    ids.length ? db.select().from(feedbackRequests).where(inArray(feedbackRequests.reservationId, ids)) : [],
  ]);
  const ratingOf = new Map(ratings.map((row) => [row.reservationId, row]));
  const phonesE164 = [...new Set(bookings.flatMap((booking) => (booking.customerPhoneE164 ? [booking.customerPhoneE164] : [])))];
  const messaging = await readMessagingConsents(db, ids, waitlist.map((entry) => entry.id), phonesE164);
  const merges = await db.select().from(guestMerges).where(eq(guestMerges.keptGuestId, guestId)).orderBy(asc(guestMerges.mergedAt));
  const versionIds = [...new Set(consents.flatMap((consent) => (consent.policyVersionId === null ? [] : [consent.policyVersionId])))];
  const policies = versionIds.length ? await db.select().from(policyVersions).where(inArray(policyVersions.id, versionIds)).orderBy(asc(policyVersions.id)) : [];
  return {
    exportedAt: now.toISOString(),
    guest: {
      id: guest.id,
      email: guest.email,
      phone: guest.phone,
      note: guest.note,
      tags: guest.tags,
      allergens: guest.allergens,
      createdAt: guest.createdAt.toISOString(),
      /** The figures of the 'Clientes' list (issue 47), as staff see them. */
      figures: {
        name: guest.name,
        visits: guest.visits,
        covers: guest.covers,
        noShows: guest.noShows,
        cancellations: guest.cancellations,
        lateCancellations: guest.lateCancellations,
        firstVisitOn: guest.firstVisitOn,
        lastVisitOn: guest.lastVisitOn,
        spendCents: guest.spendVisits > 0 ? guest.spendCents : null,
      },
      /** Other profiles of the same person joined into this one ('Unir clientes'). */
      /** The guest's objection to the no-show risk (GDPR art. 21, decision 043): when it was made, null without one. */
      riskObjection: { objected: guest.riskObjectedAt !== null, at: guest.riskObjectedAt?.toISOString() ?? null },
      /** Brought from the restaurant's previous system (issue 49): the lawful basis stated for it; null otherwise. */
      importedBasis: guest.importedBasis,
      joinedProfiles: merges.map((merge) => ({ name: merge.mergedName, email: merge.mergedEmail, phone: merge.mergedPhone, at: merge.mergedAt.toISOString() })),
    },
    reservations: bookings.map((booking) => ({
      id: booking.id,
      customerName: booking.customerName,
      customerPhone: booking.customerPhone,
      customerEmail: booking.customerEmail,
      numberOfPeople: booking.numberOfPeople,
      reservationDate: booking.reservationDate,
      reservationTime: booking.reservationTime,
      status: booking.status,
      arrivalStatus: booking.arrivalStatus,
      source: booking.source,
      notes: booking.adminNotes,
      cancellationReason: booking.cancellationReason,
      messagingChannel: booking.messagingChannel,
      createdAt: booking.createdAt.toISOString(),
      billCents: booking.billCents,
      noShowRisk: riskForGuest(risks.get(booking.id)),
      feedback: feedbackForGuest(ratingOf.get(booking.id)),
      changes: changes
        .filter((change) => change.reservationId === booking.id)
        .map((change) => ({ at: change.at.toISOString(), actor: change.actor, action: change.action, changes: change.changes })),
    })),
    consents: consents.map((consent) => ({
      email: consent.clienteEmail,
      policyVersion: consent.versionPolitica,
      accepted: consent.aceptado,
      reservationId: consent.reservationId,
      at: consent.createdAt.toISOString(),
    })),
    /** The yes to WhatsApp or SMS (issue 46), with the words the guest ticked. */
    messagingConsents: messaging.map((consent) => ({
      channel: consent.channel,
      phone: consent.phoneE164,
      text: consent.consentText,
      textVersion: consent.textVersion,
      language: consent.language,
      reservationId: consent.reservationId,
      at: consent.createdAt.toISOString(),
    })),
    emails: sent.map((email) => ({
      to: email.toAddress,
      subject: email.subject,
      queuedAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
    })),
    /** The privacy policy's texts those consents accepted, word for word. */
    policyVersions: policies.map((policy) => ({
      label: policy.label,
      language: policy.language,
      since: policy.createdAt.toISOString(),
      text: policy.body,
    })),
    waitlist: waitlist.map((entry) => ({
      ...waitingParty(entry),
      status: entry.status,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
export type GuestExport = Awaited<ReturnType<typeof collectGuestData>>;

/** The no-show risk staff see on a booking still to come (decision 043), its reasons in words; null for any other. */
function riskForGuest(risk: NoShowRisk | undefined) {
  if (!risk) return null;
  return { level: noShowRiskMessages.levels[risk.level], reasons: risk.reasons.map((reason) => noShowRiskMessages.reasons[reason]) };
}

/** The request for a rating after the visit (issue 47) and the guest's answer. */
function feedbackForGuest(row: typeof feedbackRequests.$inferSelect | undefined) {
  if (!row) return null;
  return {
    requestedAt: row.requestedAt.toISOString(),
    channel: row.channel,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    rating: row.rating,
    comment: row.comment,
  };
}

function readConsents(db: Executor, ids: string[], emails: string[]) {
  const conditions = [...(ids.length ? [inArray(consentimientos.reservationId, ids)] : []), ...(emails.length ? [inArray(consentimientos.clienteEmail, emails)] : [])];
  return conditions.length ? db.select().from(consentimientos).where(or(...conditions)).orderBy(asc(consentimientos.createdAt)) : Promise.resolve([]);
}

function readMessagingConsents(db: Executor, reservationIds: string[], waitlistIds: string[], phonesE164: string[]) {
  const conditions = [
    ...(reservationIds.length ? [inArray(messagingConsents.reservationId, reservationIds)] : []),
    ...(waitlistIds.length ? [inArray(messagingConsents.waitlistEntryId, waitlistIds)] : []),
    ...(phonesE164.length ? [inArray(messagingConsents.phoneE164, phonesE164)] : []),
  ];
  return conditions.length ? db.select().from(messagingConsents).where(or(...conditions)).orderBy(asc(messagingConsents.createdAt)) : Promise.resolve([]);
}

function readEmails(db: Executor, ids: string[], emails: string[]) {
  const conditions = [...(ids.length ? [inArray(emailOutbox.reservationId, ids)] : []), ...(emails.length ? [inArray(emailOutbox.toAddress, emails)] : [])];
  return conditions.length ? db.select().from(emailOutbox).where(or(...conditions)).orderBy(asc(emailOutbox.createdAt)) : Promise.resolve([]);
}

/** Seguridad's list: the latest exports and erasures, newest first; guest ids only. */
export async function latestPrivacyEvents(db: Executor): Promise<PrivacyEvent[]> {
  const rows = await db.select().from(privacyEvents).orderBy(desc(privacyEvents.at), desc(privacyEvents.id)).limit(PRIVACY_EVENTS_SHOWN);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
