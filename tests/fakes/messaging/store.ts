import { randomBytes } from 'node:crypto';

/*
 * The fake's state: every message Mesa sent (WhatsApp or SMS) with the statuses reported for it, every message the
 * guest sent back, WhatsApp's customer-service window (24 hours from the guest's last message to the business)
 * and the failures a test asked for.
 */

export type Channel = 'whatsapp' | 'sms';

export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A template the fake knows: its quick-reply buttons' labels are what the guest sees and what Meta reports back. */
export interface FakeTemplate {
  name: string;
  language: string;
  /** The body with {{1}}, {{2}}… placeholders; when set, the number of body parameters must match. */
  body?: string;
  buttons?: string[];
}

export interface SentTemplate {
  name: string;
  language: string;
  bodyParameters: string[];
  buttons: { index: number; payload: string; text: string }[];
}

export interface StatusRecord {
  /** WhatsApp: sent, delivered, read, failed. Twilio: queued, accepted, sent, delivered, undelivered, failed. */
  status: string;
  at: number;
  errorCode?: number;
}

export interface SentMessage {
  channel: Channel;
  /** wamid.… (WhatsApp) or SM… (Twilio). */
  id: string;
  /** The guest's number in E.164 (+34…). */
  to: string;
  /** The business's number in E.164. */
  from: string;
  sentAt: number;
  text: string | null;
  template: SentTemplate | null;
  statuses: StatusRecord[];
  whatsapp?: { phoneNumberId: string };
  sms?: { accountSid: string; messagingServiceSid: string | null; statusCallback: string | null };
}

export interface GuestMessage {
  channel: Channel;
  id: string;
  /** The guest's number in E.164. */
  from: string;
  to: string;
  text: string;
  at: number;
  /** The message answered (a quick-reply button always answers one). */
  replyTo: string | null;
  button: { payload: string; text: string } | null;
}

export type FakeFailure =
  /** The API call itself fails with this HTTP status and the provider's error body. */
  | { kind: 'request'; status: number; code?: number; message?: string }
  /** The API accepts the message, then reports it failed (WhatsApp 'failed', Twilio 'undelivered'). */
  | { kind: 'delivery'; code?: number; message?: string }
  /** The connection is dropped without an answer, as when the provider cannot be reached. */
  | { kind: 'network' };

export function digitsOf(number: string): string {
  return number.replace(/\D/g, '');
}

export function e164(number: string): string {
  return `+${digitsOf(number)}`;
}

export function newWamid(): string {
  return `wamid.${randomBytes(30).toString('base64')}`;
}

export function newTwilioSid(prefix: 'SM' | 'MG' | 'AC'): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

export class FakeMessagingStore {
  readonly sent: SentMessage[] = [];
  readonly received: GuestMessage[] = [];
  /** When each guest (by digits) last wrote on WhatsApp: opens the customer-service window. */
  private readonly lastGuestMessage = new Map<string, number>();
  private readonly failures: Record<Channel, FakeFailure[]> = { whatsapp: [], sms: [] };

  constructor(readonly now: () => number) {}

  failNext(channel: Channel, failure: FakeFailure): void {
    this.failures[channel].push(failure);
  }

  takeFailure(channel: Channel): FakeFailure | undefined {
    return this.failures[channel].shift();
  }

  recordSent(message: SentMessage): SentMessage {
    this.sent.push(message);
    return message;
  }

  recordReceived(message: GuestMessage): GuestMessage {
    this.received.push(message);
    if (message.channel === 'whatsapp') this.lastGuestMessage.set(digitsOf(message.from), message.at);
    return message;
  }

  message(id: string): SentMessage {
    const found = this.sent.find((each) => each.id === id);
    if (!found) throw new Error(`The fake sent no message ${id}`);
    return found;
  }

  lastSentTo(number: string, channel?: Channel): SentMessage | undefined {
    const digits = digitsOf(number);
    return this.sent.findLast((each) => digitsOf(each.to) === digits && (channel === undefined || each.channel === channel));
  }

  /** WhatsApp lets a business send free text only within 24 hours of the guest's last message. */
  windowOpen(number: string): boolean {
    const last = this.lastGuestMessage.get(digitsOf(number));
    return last !== undefined && this.now() - last < CUSTOMER_SERVICE_WINDOW_MS;
  }

  addStatus(id: string, record: StatusRecord): void {
    this.message(id).statuses.push(record);
  }
}
