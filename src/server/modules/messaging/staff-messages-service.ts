// A booking's 'Mensajes' for staff (issue 46, items 4-5): every WhatsApp or SMS message to and from its guest, and
// staff's free-text reply, allowed on WhatsApp only within 24 hours of the guest's last message.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AnswerOutcome, GuestMessagesView, GuestMessageView, MessageChannel } from '@shared/schemas/messaging.ts';
import type { WaitlistGuestMessage } from '@shared/schemas/waitlist.ts';
import { guestMessageTexts } from '@shared/staff-messages/guest-messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { Executor } from '../../db/client.ts';
import { guestMessages, reservations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { LINK_PLACEHOLDERS } from '../../platform/outbox.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { isOptedOut } from './opt-outs.ts';
import { queueGuestMessage } from './outbox.ts';

/** WhatsApp lets a business write freely for this long after the customer's last message. */
export const WHATSAPP_REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

type MessageRow = typeof guestMessages.$inferSelect;

async function bookingOf(db: Executor, id: string) {
  const [row] = await db
    .select({ id: reservations.id, phone: reservations.customerPhoneE164, channel: reservations.messagingChannel, language: reservations.language })
    .from(reservations)
    .where(eq(reservations.id, id))
    .limit(1);
  if (!row) throw notFound(staffMessages.admin.errors.reservationNotFound);
  return row;
}

type Booking = Awaited<ReturnType<typeof bookingOf>>;

/** Delivered by email instead, or not at all: said only of a message that failed for good. */
function fellBackToEmail(row: MessageRow): boolean | null {
  if (row.status !== 'failed' || row.failedAt === null) return null;
  return row.fellBackAt !== null && row.fallbackEmail !== null;
}

/** A message as staff see it (also a guest's profile page: guest-record.ts). */
export function toView(row: MessageRow): GuestMessageView {
  return {
    id: row.id,
    direction: row.direction,
    channel: row.channel,
    kind: row.kind,
    body: row.body.replace(LINK_PLACEHOLDERS, '…'),
    status: row.status,
    statusAt: row.statusAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    outcome: (row.outcome as AnswerOutcome | null) ?? null,
    fellBackToEmail: fellBackToEmail(row),
    lastError: row.lastError,
  };
}

/** The end of WhatsApp's window: 24 hours after the guest's last message from this booking's phone, on any booking. */
async function whatsappWindowEnd(db: Executor, phone: string): Promise<Date | null> {
  const [last] = await db
    .select({ at: guestMessages.createdAt })
    .from(guestMessages)
    .where(and(eq(guestMessages.phoneE164, phone), eq(guestMessages.direction, 'in'), eq(guestMessages.channel, 'whatsapp')))
    .orderBy(desc(guestMessages.createdAt))
    .limit(1);
  return last ? new Date(last.at.getTime() + WHATSAPP_REPLY_WINDOW_MS) : null;
}

interface ReplyChance {
  channel: MessageChannel | null;
  replyOpenUntil: Date | null;
  canReply: boolean;
}

async function replyChance(db: Executor, booking: Booking, now: Date): Promise<ReplyChance> {
  const { channel, phone } = booking;
  if (!channel || !phone || (await isOptedOut(db, phone, channel))) return { channel, replyOpenUntil: null, canReply: false };
  if (channel === 'sms') return { channel, replyOpenUntil: null, canReply: true };
  const replyOpenUntil = await whatsappWindowEnd(db, phone);
  return { channel, replyOpenUntil, canReply: replyOpenUntil !== null && replyOpenUntil > now };
}

async function messagesView(db: Executor, booking: Booking, now: Date): Promise<GuestMessagesView> {
  const rows = await db
    .select()
    .from(guestMessages)
    .where(eq(guestMessages.reservationId, booking.id))
    .orderBy(asc(guestMessages.createdAt), asc(guestMessages.id));
  const chance = await replyChance(db, booking, now);
  return {
    messages: rows.map(toView),
    channel: chance.channel,
    replyOpenUntil: chance.replyOpenUntil?.toISOString() ?? null,
    canReply: chance.canReply,
  };
}

/** What the parties on the waitlist wrote back to their offers, oldest first, by entry: shown on the entry's card. */
export async function waitlistAnswers(db: Executor, entryIds: readonly string[]): Promise<Map<string, WaitlistGuestMessage[]>> {
  const byEntry = new Map<string, WaitlistGuestMessage[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db
    .select({ entryId: guestMessages.waitlistEntryId, at: guestMessages.createdAt, body: guestMessages.body, channel: guestMessages.channel })
    .from(guestMessages)
    .where(and(inArray(guestMessages.waitlistEntryId, [...entryIds]), eq(guestMessages.direction, 'in'), eq(guestMessages.outcome, 'message')))
    .orderBy(asc(guestMessages.createdAt), asc(guestMessages.id));
  for (const { entryId, at, body, channel } of rows) {
    byEntry.set(entryId!, [...(byEntry.get(entryId!) ?? []), { at: at.toISOString(), body, channel }]);
  }
  return byEntry;
}

/** GET /api/admin/reservations/:id/messages: the booking's messages, oldest first, and whether staff may write. */
export async function bookingMessages({ db, clock }: ServiceDeps, id: string): Promise<GuestMessagesView> {
  return messagesView(db, await bookingOf(db, id), clock.now());
}

/** POST /api/admin/reservations/:id/messages: queues staff's text to the guest; the open screens refresh. */
export async function replyToGuest({ db, clock }: ServiceDeps, id: string, text: string): Promise<GuestMessagesView> {
  return db.transaction(async (tx) => {
    const booking = await bookingOf(tx, id);
    const now = clock.now();
    const chance = await replyChance(tx, booking, now);
    if (!booking.channel || !booking.phone) throw conflict('no_messaging_channel', guestMessageTexts.errors.noChannel);
    if (await isOptedOut(tx, booking.phone, booking.channel)) throw conflict('opted_out', guestMessageTexts.errors.optedOut);
    if (!chance.canReply) throw conflict('reply_window_closed', guestMessageTexts.errors.windowClosed);
    await queueGuestMessage(tx, {
      channel: booking.channel,
      kind: 'staff_reply',
      to: booking.phone,
      language: booking.language,
      body: text,
      content: { type: 'text', text },
      reservationId: booking.id,
      fallbackEmail: null,
    });
    await recordChange(tx, { table: 'reservations', action: 'update', id: booking.id });
    return messagesView(tx, booking, now);
  });
}
