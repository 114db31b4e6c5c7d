// What a guest sends back (issue 46, item 4), once per provider message id however often it is delivered: 'Confirmo'
// marks the booking 'Confirmó asistencia'; 'No puedo ir' (or a lone 9) cancels it as the guest, through the
// transition command, alerting staff (push + live) and freeing the place for the waitlist (its triggers react to the
// change); 'BAJA' / 'STOP' ends the consent; anything else is a message for staff, as is any answer to a waitlist
// offer. A late answer, an answer about a finished booking and one from an unknown number are recorded and change
// nothing.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { type GuestReply, replyMeaning } from '@shared/rules/guest-replies.ts';
import { madridInstant } from '@shared/rules/madrid-time.ts';
import type { AnswerOutcome, MessageChannel } from '@shared/schemas/messaging.ts';
import type { Transaction } from '../../db/client.ts';
import { guestMessages, reservations, waitlistEntries } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { guestCancelledPush, guestMessagePush } from '../notifications/service.ts';
import { enqueuePushToAdmins } from '../push/service.ts';
import { findForUpdate, transition } from '../reservations/service.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { queueConfirmationThanks } from './guest-notices.ts';
import { recordOptOut } from './opt-outs.ts';

export interface IncomingAnswer {
  channel: MessageChannel;
  /** The provider's id of the guest's message: what makes a replay change nothing. */
  providerMessageId: string;
  from: string;
  reply: GuestReply;
  /** What the guest wrote, or the button's label. */
  text: string;
  /** The provider's id of the message it answers, when the provider says (a quick-reply button always does). */
  inReplyTo: string | null;
}

/** The message of Mesa's that the answer is about: the one it names, else the latest sent to that number. */
async function answeredMessage(tx: Transaction, answer: IncomingAnswer) {
  const sentTo = and(eq(guestMessages.direction, 'out'), eq(guestMessages.channel, answer.channel));
  const columns = { id: guestMessages.id, reservationId: guestMessages.reservationId, waitlistEntryId: guestMessages.waitlistEntryId };
  if (answer.inReplyTo) {
    const [named] = await tx.select(columns).from(guestMessages).where(and(sentTo, eq(guestMessages.providerMessageId, answer.inReplyTo)));
    if (named) return named;
  }
  const [latest] = await tx
    .select(columns)
    .from(guestMessages)
    .where(and(sentTo, eq(guestMessages.phoneE164, answer.from), isNotNull(guestMessages.providerMessageId)))
    .orderBy(desc(guestMessages.createdAt), desc(guestMessages.id))
    .limit(1);
  return latest ?? null;
}

type AnsweredMessage = NonNullable<Awaited<ReturnType<typeof answeredMessage>>>;

/**
 * Whatever a party on the waitlist writes back to an offer is for staff, who may book them from the list: the offer
 * itself is accepted by its link.
 */
async function waitlistAnswer(tx: Transaction, entryId: string, answer: IncomingAnswer): Promise<AnswerOutcome> {
  const [entry] = await tx
    .select({
      customerName: waitlistEntries.customerName,
      reservationDate: waitlistEntries.reservationDate,
      reservationTime: waitlistEntries.timeFrom,
      numberOfPeople: waitlistEntries.numberOfPeople,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId));
  if (!entry) return 'unknown';
  await enqueuePushToAdmins(tx, guestMessagePush(entry, answer.text));
  await recordChange(tx, { table: 'waitlist_entries', action: 'update', id: entryId });
  return 'message';
}

async function act(tx: Transaction, deps: ServiceDeps, answer: IncomingAnswer, answered: AnsweredMessage | null): Promise<AnswerOutcome> {
  const meaning = replyMeaning(answer.reply);
  if (meaning === 'stop') {
    await recordOptOut(tx, answer.from, answer.channel, answer.text);
    return 'opted_out';
  }
  const reservationId = answered?.reservationId;
  if (!reservationId) return answered?.waitlistEntryId ? waitlistAnswer(tx, answered.waitlistEntryId, answer) : 'unknown';
  const booking = await findForUpdate(tx, reservationId);
  if (!booking) return 'unknown';
  const now = deps.clock.now();
  if (meaning === 'message') {
    await enqueuePushToAdmins(tx, guestMessagePush(booking, answer.text));
    return 'message';
  }
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return 'finished';
  if (madridInstant(booking.reservationDate, booking.reservationTime).getTime() <= now.getTime()) return 'late';
  if (meaning === 'confirm') {
    await tx.update(reservations).set({ guestConfirmedAt: now }).where(eq(reservations.id, booking.id));
    await recordChange(tx, { table: 'reservations', action: 'update', id: booking.id });
    if (booking.guestConfirmedAt === null) {
      const { name: restaurant } = await getRestaurantConfig(tx);
      await queueConfirmationThanks(tx, { ...booking, reservationId: booking.id }, answer.channel, answer.from, restaurant);
    }
    return 'confirmed';
  }
  const reason = selfServiceMessages.cancelledReason;
  const done = await transition(tx, booking, 'guestCancel', { kind: 'guest' }, { now, publicUrl: deps.publicUrl, reason });
  if (!done) return 'finished';
  await enqueuePushToAdmins(tx, guestCancelledPush(done.after));
  return 'cancelled';
}

/** Records the answer and acts on it, in one transaction; a replay (the same provider id) does nothing. */
export async function receiveAnswer(deps: ServiceDeps, answer: IncomingAnswer): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [stored] = await tx
      .insert(guestMessages)
      .values({
        direction: 'in',
        channel: answer.channel,
        kind: 'answer',
        phoneE164: answer.from,
        body: answer.text.slice(0, 4096),
        providerMessageId: answer.providerMessageId,
        status: 'received',
        statusAt: now,
        sentAt: now,
        createdAt: now,
        meaning: replyMeaning(answer.reply),
      })
      .onConflictDoNothing()
      .returning({ id: guestMessages.id });
    if (!stored) return;
    const answered = await answeredMessage(tx, answer);
    const reservationId = answered?.reservationId ?? null;
    const outcome = await act(tx, deps, answer, answered);
    await tx
      .update(guestMessages)
      .set({ outcome, reservationId, waitlistEntryId: answered?.waitlistEntryId ?? null, inReplyTo: answered?.id ?? null })
      .where(eq(guestMessages.id, stored.id));
    if (reservationId) await recordChange(tx, { table: 'reservations', action: 'update', id: reservationId });
  });
}
