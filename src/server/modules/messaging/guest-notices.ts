// Which way a guest hears of their booking (issue 46, item 1): by the channel they chose when it is on and their
// number has not opted out, else by email. The email is built anyway: it is what goes instead when the message
// cannot be delivered (worker.ts), and what goes at once when no message can.
import { formatText } from '@shared/i18n/format-text.ts';
import type { Language } from '@shared/i18n/languages.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import type { MessageChannel, TemplateMessageKind } from '@shared/schemas/messaging.ts';
import type { Executor } from '../../db/client.ts';
import type { MessageContent, OutboxLink } from '../../db/schema.ts';
import { enqueueEmail, type NewEmail } from '../../platform/outbox.ts';
import { pendingSelfServiceLink } from '../private-links/service.ts';
import { findMessagingSettings } from './connection.ts';
import { MESSAGE_TEXTS } from './message-texts.ts';
import { isOptedOut } from './opt-outs.ts';
import { queueGuestMessage } from './outbox.ts';
import { REMINDER_QUICK_REPLIES } from './providers.ts';

/** The booking (or waitlist entry) a message is about, as the message needs it. */
export interface MessageBooking {
  reservationId?: string;
  waitlistEntryId?: string;
  customerName: string;
  customerPhoneE164: string | null;
  messagingChannel: MessageChannel | null;
  language: Language;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
}

export interface GuestNotice {
  kind: TemplateMessageKind;
  booking: MessageBooking;
  restaurant: string;
  /** The email for the same news: sent when no message can be, and the message's fallback (null: none to send). */
  email: NewEmail | null;
  /** The private link the message carries, minted at delivery. */
  link?: { url: string; link: OutboxLink } | null;
  /** A waitlist offer's minutes to answer. */
  minutes?: number;
  /** A staff change's undo window: the message waits it out and 'Deshacer' withdraws it. */
  held?: { deferMs: number; undoGroup: string } | null;
}

/** WhatsApp refuses a parameter with a line break, a tab or more than four spaces in a row. */
const templateParameter = (value: string | number) => String(value).replace(/\s+/g, ' ').trim() || '-';

function parametersOf(notice: GuestNotice, date: string): (string | number)[] {
  const { booking, restaurant } = notice;
  const base = [booking.customerName, restaurant, date, booking.reservationTime];
  const link = notice.link?.url ?? restaurant;
  if (notice.kind === 'cancellation') return base;
  if (notice.kind === 'feedback') return [...base, link];
  if (notice.kind === 'waitlist_offer') return [...base, booking.numberOfPeople, notice.minutes ?? 0, link];
  return [...base, booking.numberOfPeople, link];
}

/** The message's words as staff read them, and what the provider gets for them. */
export function messageOf(notice: GuestNotice, channel: MessageChannel, templateName: string | null): { body: string; content: MessageContent } {
  const { booking } = notice;
  const texts = MESSAGE_TEXTS[booking.language];
  const date = formatLongDate(booking.reservationDate, booking.language);
  const values = {
    restaurant: notice.restaurant,
    name: booking.customerName,
    date,
    time: booking.reservationTime,
    people: booking.numberOfPeople,
    minutes: notice.minutes ?? 0,
    link: notice.link?.url ?? '',
  };
  const buttons = channel === 'whatsapp' && notice.kind === 'reminder';
  const body = formatText(buttons ? texts.reminderButtons : texts[notice.kind], values, booking.language);
  if (channel === 'sms' || templateName === null) return { body, content: { type: 'text', text: body } };
  return {
    body,
    content: {
      type: 'template',
      name: templateName,
      language: booking.language,
      parameters: parametersOf(notice, date).map(templateParameter),
      ...(buttons ? { quickReplies: [...REMINDER_QUICK_REPLIES] } : {}),
    },
  };
}

/** The channel a message to this booking goes by now, with the template for it; null: by email. */
async function channelFor(tx: Executor, booking: MessageBooking, kind: TemplateMessageKind) {
  const channel = booking.messagingChannel;
  if (!channel || !booking.customerPhoneE164) return null;
  const settings = await findMessagingSettings(tx);
  const on = channel === 'whatsapp' ? settings?.whatsappEnabled : settings?.smsEnabled;
  if (!settings || !on) return null;
  if (await isOptedOut(tx, booking.customerPhoneE164, channel)) return null;
  const template = channel === 'whatsapp' ? (settings.whatsappTemplates?.[kind] ?? null) : null;
  if (channel === 'whatsapp' && !template) return null;
  return { channel, to: booking.customerPhoneE164, template };
}

/** Queues the notice in the caller's transaction, by the guest's channel or by email; says which (null: neither). */
export async function sendGuestNotice(tx: Executor, notice: GuestNotice, now: Date): Promise<MessageChannel | 'email' | null> {
  const route = await channelFor(tx, notice.booking, notice.kind);
  if (!route) {
    if (!notice.email) return null;
    await enqueueEmail(tx, notice.email, now);
    return 'email';
  }
  const { body, content } = messageOf(notice, route.channel, route.template);
  await queueGuestMessage(tx, {
    channel: route.channel,
    kind: notice.kind,
    to: route.to,
    language: notice.booking.language,
    body,
    content,
    reservationId: notice.booking.reservationId ?? null,
    waitlistEntryId: notice.booking.waitlistEntryId ?? null,
    link: notice.link?.link ?? null,
    fallbackEmail: notice.email,
    ...(notice.held ?? {}),
  });
  return route.channel;
}

/** The thanks for a guest's first 'Confirmo', by the channel they answered on; no email stands in for it. */
export async function queueConfirmationThanks(tx: Executor, booking: MessageBooking, channel: MessageChannel, to: string, restaurant: string) {
  const values = {
    restaurant,
    name: booking.customerName,
    date: formatLongDate(booking.reservationDate, booking.language),
    time: booking.reservationTime,
  };
  const text = formatText(MESSAGE_TEXTS[booking.language].thanks, values, booking.language);
  await queueGuestMessage(tx, {
    channel,
    kind: 'thanks',
    to,
    language: booking.language,
    body: text,
    content: { type: 'text', text },
    reservationId: booking.reservationId ?? null,
    fallbackEmail: null,
  });
}

type NoticeReservation = Pick<
  MessageBooking,
  'customerName' | 'customerPhoneE164' | 'messagingChannel' | 'language' | 'reservationDate' | 'reservationTime' | 'numberOfPeople'
> & { id: string };

/** A booking's notice; the confirmation, the change and the reminder carry the guest's private link. */
export function reservationNotice(
  kind: Exclude<TemplateMessageKind, 'waitlist_offer'>,
  reservation: NoticeReservation,
  { restaurant, email, publicUrl, held }: { restaurant: string; email: NewEmail | null; publicUrl: URL | undefined; held?: GuestNotice['held'] },
): GuestNotice {
  const { id, ...booking } = reservation;
  const pending = kind !== 'cancellation' && publicUrl ? pendingSelfServiceLink(publicUrl, id, reservation.language) : null;
  return {
    kind,
    booking: { ...booking, reservationId: id },
    restaurant,
    email,
    link: pending && { url: pending.manageUrl, link: pending.link },
    held: held ?? null,
  };
}
