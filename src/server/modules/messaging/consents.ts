// A guest's yes to WhatsApp or SMS on the booking and waitlist forms (issue 46, item 2): the phone read into E.164,
// the channel the owner switched on, and the consent recorded with the words the guest read.
import type { Language } from '@shared/i18n/languages.ts';
import { guestText } from '@shared/i18n/text-keys.ts';
import type { MessageChannel } from '@shared/schemas/messaging.ts';
import type { Executor } from '../../db/client.ts';
import { messagingConsents } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { guestTexts } from '../../platform/guest-language.ts';
import { offeredChannel } from './connection.ts';
import { liftOptOut } from './opt-outs.ts';
import { readPhone } from './phone-numbers.ts';

/** The version of the checkbox's words; a change of wording takes a new one. */
export const MESSAGING_CONSENT_VERSION = 'mensajeria-v1';

/** How a booking or waitlist entry can be messaged: its phone in E.164 (null when unreadable) and the chosen channel. */
export interface MessagingChoice {
  phoneE164: string | null;
  channel: MessageChannel | null;
}

const CHANNEL_NAMES: Record<MessageChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };

/** The phone's E.164 form when it reads as a number; never a refusal (the spec's phone rules stand alone). */
export function phoneE164Of(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const reading = readPhone(phone);
  return reading.ok ? reading.e164 : null;
}

const phoneRefusal = (text: ReturnType<typeof guestText>) => badRequest(text, { customerPhone: text });

/**
 * What a guest's form asks for. Without the box ticked, or with no channel switched on, nothing is refused: the
 * phone's E.164 form is kept when it reads. Ticked while a channel is on, the phone must be a mobile the provider
 * can reach: a number without prefix that is not Spanish asks for the prefix, anything unreadable or fixed is refused.
 */
export async function messagingChoice(db: Executor, phone: string, optIn: boolean | undefined): Promise<MessagingChoice> {
  const reading = readPhone(phone);
  const phoneE164 = reading.ok ? reading.e164 : null;
  const channel = optIn ? await offeredChannel(db) : null;
  if (!channel) return { phoneE164, channel: null };
  if (!reading.ok) {
    throw phoneRefusal(guestText(reading.reason === 'needs_prefix' ? 'reservation.validation.phoneNeedsPrefix' : 'reservation.validation.phoneUnreadable'));
  }
  if (!reading.mobile) throw phoneRefusal(guestText('reservation.validation.phoneNotMobile', { channel: CHANNEL_NAMES[channel] }));
  return { phoneE164: reading.e164, channel };
}

export interface ConsentSubject {
  channel: MessageChannel;
  phoneE164: string;
  language: Language;
  reservationId?: string;
  waitlistEntryId?: string;
}

/** The words the checkbox showed in the guest's language. */
export const messagingConsentText = (channel: MessageChannel, language: Language): string =>
  guestTexts(language).reservation.form.messagingOptIn[channel];

/**
 * The consent, in the caller's transaction. A number that had answered 'BAJA' or 'STOP' on this channel and ticks
 * the box again is opted back in: the new consent is the later word.
 */
export async function recordMessagingConsent(tx: Executor, subject: ConsentSubject): Promise<void> {
  await tx.insert(messagingConsents).values({
    channel: subject.channel,
    phoneE164: subject.phoneE164,
    reservationId: subject.reservationId ?? null,
    waitlistEntryId: subject.waitlistEntryId ?? null,
    language: subject.language,
    consentText: messagingConsentText(subject.channel, subject.language),
    textVersion: MESSAGING_CONSENT_VERSION,
  });
  await liftOptOut(tx, subject.phoneE164, subject.channel);
}
