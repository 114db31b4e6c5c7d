// A guest's messaging record for their profile page (issue 47, item 1): every message to or from their bookings or
// phones, the yes to each channel and the opt-outs. Read-only.
import { type Column, desc, inArray, or } from 'drizzle-orm';
import type { GuestProfileConsents, GuestProfileMessage } from '@shared/schemas/guest-profile-page.ts';
import type { Executor } from '../../db/client.ts';
import { guestMessages, messagingConsents, messagingOptOuts } from '../../db/schema.ts';
import { toView } from './staff-messages-service.ts';

/** The guest's bookings and the E.164 phones they used. */
export interface MessagingSubject {
  reservationIds: string[];
  phonesE164: string[];
}

const byBookingOrPhone = (
  columns: { reservationId: Column; phoneE164: Column },
  { reservationIds, phonesE164 }: MessagingSubject,
) => {
  const conditions = [
    ...(reservationIds.length ? [inArray(columns.reservationId, reservationIds)] : []),
    ...(phonesE164.length ? [inArray(columns.phoneE164, phonesE164)] : []),
  ];
  return conditions.length ? or(...conditions) : undefined;
};

/** Both directions, newest first. */
export async function guestMessageRecord(db: Executor, subject: MessagingSubject): Promise<GuestProfileMessage[]> {
  const where = byBookingOrPhone(guestMessages, subject);
  if (!where) return [];
  const rows = await db.select().from(guestMessages).where(where).orderBy(desc(guestMessages.createdAt), desc(guestMessages.id));
  return rows.map((row) => ({ ...toView(row), reservationId: row.reservationId }));
}

/** The channels the guest said yes to, and the numbers that opted out; oldest first. */
export async function messagingConsentRecord(db: Executor, subject: MessagingSubject): Promise<Pick<GuestProfileConsents, 'messaging' | 'optOuts'>> {
  const where = byBookingOrPhone(messagingConsents, subject);
  const consents = where ? await db.select().from(messagingConsents).where(where).orderBy(messagingConsents.createdAt, messagingConsents.id) : [];
  const optOuts = subject.phonesE164.length
    ? await db.select().from(messagingOptOuts).where(inArray(messagingOptOuts.phoneE164, subject.phonesE164)).orderBy(messagingOptOuts.createdAt, messagingOptOuts.id)
    : [];
  return {
    messaging: consents.map((row) => ({ channel: row.channel, phone: row.phoneE164, textVersion: row.textVersion, reservationId: row.reservationId, at: row.createdAt.toISOString() })),
    optOuts: optOuts.map((row) => ({ channel: row.channel, phone: row.phoneE164, keyword: row.keyword, at: row.createdAt.toISOString() })),
  };
}
