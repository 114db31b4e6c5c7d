import type { Callbacks } from './callbacks.ts';
import { e164, newTwilioSid, newWamid, type Channel, type FakeMessagingStore, type GuestMessage, type SentMessage } from './store.ts';
import type { WhatsAppError, WhatsAppStatusName } from '@server/modules/messaging/whatsapp-types.ts';

/*
 * What happens on the guest's side of the conversation, each recorded in the store and reported to Mesa by the
 * provider's callback: the phone receives and reads a message (statuses), the guest writes or taps a button.
 */

/** The WhatsApp profile name the fake's guests have. */
export const GUEST_PROFILE_NAME = 'Cliente de prueba';

export class Guest {
  constructor(
    private readonly store: FakeMessagingStore,
    private readonly callbacks: Callbacks,
    private readonly whatsAppNumber: string,
    private readonly smsNumber: string,
  ) {}

  whatsAppStatus(message: SentMessage, status: WhatsAppStatusName, error?: WhatsAppError): void {
    const at = this.store.now();
    this.store.addStatus(message.id, { status, at, ...(error ? { errorCode: error.code } : {}) });
    this.callbacks.whatsAppStatus(message, status, at, error);
  }

  smsStatus(message: SentMessage, status: 'sent' | 'delivered' | 'undelivered' | 'failed', errorCode?: number): void {
    this.store.addStatus(message.id, { status, at: this.store.now(), ...(errorCode === undefined ? {} : { errorCode }) });
    this.callbacks.smsStatus(message, status, errorCode);
  }

  markRead(messageId: string): void {
    const message = this.store.message(messageId);
    if (message.channel !== 'whatsapp') throw new Error('SMS has no read receipts: only WhatsApp messages can be marked read');
    if (message.statuses.some((each) => each.status === 'failed')) throw new Error(`Message ${messageId} failed: the guest never got it`);
    this.whatsAppStatus(message, 'read');
  }

  reply(number: string, text: string, channel?: Channel): GuestMessage {
    if (text === '') throw new Error('A reply needs some text');
    const via = channel ?? this.store.lastSentTo(number)?.channel ?? 'whatsapp';
    const answered = this.store.lastSentTo(number, via);
    const guestMessage = this.store.recordReceived({
      channel: via,
      id: via === 'whatsapp' ? newWamid() : newTwilioSid('SM'),
      from: e164(number),
      to: answered?.from ?? e164(via === 'whatsapp' ? this.whatsAppNumber : this.smsNumber),
      text,
      at: this.store.now(),
      replyTo: null,
      button: null,
    });
    if (via === 'whatsapp') this.callbacks.whatsAppInbound(guestMessage, answered, GUEST_PROFILE_NAME);
    else this.callbacks.smsInbound(guestMessage, answered);
    return guestMessage;
  }

  pressButton(messageId: string, payloadOrText: string): GuestMessage {
    const message = this.store.message(messageId);
    const buttons = message.template?.buttons ?? [];
    const button = buttons.find((each) => each.payload === payloadOrText) ?? buttons.find((each) => each.text === payloadOrText);
    if (!button) {
      const offered = buttons.map((each) => `'${each.text}' (${each.payload})`).join(', ');
      throw new Error(`Message ${messageId} has no button '${payloadOrText}'${offered === '' ? ' (it has no buttons)' : `; it has ${offered}`}`);
    }
    const guestMessage = this.store.recordReceived({
      channel: 'whatsapp',
      id: newWamid(),
      from: message.to,
      to: message.from,
      text: button.text,
      at: this.store.now(),
      replyTo: message.id,
      button: { payload: button.payload, text: button.text },
    });
    this.callbacks.whatsAppInbound(guestMessage, message, GUEST_PROFILE_NAME);
    return guestMessage;
  }
}
