// A guest's profile page (issue 47, item 1): the figures, every booking, message, feedback, consent and joined profile
// of one guest; and the guest's objection to the no-show risk (GDPR art. 21, decision 043).
import { staffMessages } from '@shared/staff-messages.ts';
import type { GuestProfilePage, RiskObjection } from '@shared/schemas/guest-profile-page.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { privacyConsentsOf } from '../legal/service.ts';
import { guestMessageRecord, messagingConsentRecord, phoneE164Of } from '../messaging/service.ts';
import { profileBookings, profileFeedback, profileMerges, updateRiskObjection } from './profile-page-queries.ts';
import { findGuest } from './queries.ts';
import { getGuestView } from './service.ts';

const notFoundError = () => notFound(staffMessages.guests.errors.notFound);
const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))];
const average = (total: number, count: number, digits: number) => (count > 0 ? Math.round((total / count) * 10 ** digits) / 10 ** digits : null);

/** GET /api/admin/guests/:id/profile. */
export async function guestProfilePage({ db, clock }: ServiceDeps, id: string): Promise<GuestProfilePage> {
  const row = await findGuest(db, id);
  if (!row) throw notFoundError();
  const [guest, bookings, merges] = await Promise.all([getGuestView(db, id), profileBookings(db, id), profileMerges(db, id)]);
  const reservationIds = bookings.map((booking) => booking.id);
  const phonesE164 = unique([phoneE164Of(row.phone), ...bookings.map((booking) => booking.customerPhoneE164)]);
  const emails = unique([row.email, ...bookings.map((booking) => booking.customerEmail)]);
  const subject = { reservationIds, phonesE164 };
  const [feedback, messages, messaging, privacy] = await Promise.all([
    profileFeedback(db, id, reservationIds),
    guestMessageRecord(db, subject),
    messagingConsentRecord(db, subject),
    privacyConsentsOf(db, reservationIds, emails),
  ]);
  return {
    guest,
    name: row.name,
    riskObjectedAt: row.riskObjectedAt?.toISOString() ?? null,
    figures: {
      visits: row.visits,
      covers: row.covers,
      noShows: row.noShows,
      cancellations: row.cancellations,
      lateCancellations: row.lateCancellations,
      firstVisitOn: row.firstVisitOn,
      lastVisitOn: row.lastVisitOn,
      averageParty: average(row.covers, row.visits, 1),
      averageTicketCents: average(row.spendCents, row.spendVisits, 0),
    },
    bookings: bookings.map(({ customerEmail: _email, customerPhoneE164: _phone, ...booking }) => booking),
    messages,
    feedback: feedback.map((request) => ({
      ...request,
      requestedAt: request.requestedAt.toISOString(),
      expiresAt: request.expiresAt.toISOString(),
      answeredAt: request.answeredAt?.toISOString() ?? null,
      expired: request.answeredAt === null && request.expiresAt <= clock.now(),
    })),
    consents: { privacy, ...messaging },
    merges: merges.map((merge) => ({
      name: merge.mergedName,
      email: merge.mergedEmail,
      phone: merge.mergedPhone,
      reservationsMoved: merge.reservationsMoved,
      actorEmail: merge.actorEmail,
      at: merge.mergedAt.toISOString(),
    })),
  };
}

/**
 * PUT /api/admin/guests/:id/risk-objection: while set, none of the guest's bookings carries a no-show risk (risk.ts
 * reads it with the guest's figures). Every list that shows the risk refreshes, as after a note or a tag.
 */
export async function setRiskObjection({ db, clock }: ServiceDeps, id: string, objected: boolean): Promise<RiskObjection> {
  return db.transaction(async (tx: Executor) => {
    const change = await updateRiskObjection(tx, id, objected, clock.now());
    if (!change) throw notFoundError();
    if (change.before?.getTime() !== change.after?.getTime()) {
      await recordChange(tx, { table: 'guests', action: 'update', id });
      await recordChange(tx, { table: 'reservations', action: 'update', id: null });
    }
    return { riskObjectedAt: change.after?.toISOString() ?? null };
  });
}
