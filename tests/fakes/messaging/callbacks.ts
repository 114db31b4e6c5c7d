import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import twilio from 'twilio';
import type { CallbackSender } from './callback-sender.ts';
import { digitsOf, type GuestMessage, type SentMessage } from './store.ts';
import type { WhatsAppError, WhatsAppInboundMessage, WhatsAppStatus, WhatsAppStatusName, WhatsAppWebhook } from '@server/modules/messaging/whatsapp-types.ts';

/*
 * The callbacks the providers send to Mesa, as they document them. Meta: a JSON envelope POSTed to the app's
 * webhook, signed `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`. Twilio: form
 * fields POSTed to the number's webhook (a guest's SMS) or to the StatusCallback given with the message, signed
 * `X-Twilio-Signature` over the URL and the sorted fields with the auth token (the SDK's own function).
 */

export const WHATSAPP_WEBHOOK_PATH = '/api/public/messaging/whatsapp/webhook';
export const TWILIO_WEBHOOK_PATH = '/api/public/messaging/twilio/webhook';

export interface CallbackConfig {
  mesaUrl: string | null;
  appSecret: string | null;
  wabaId: string;
  /** For a guest who writes before Mesa sent anything: the business's number id and display number. */
  phoneNumberId: string;
  displayPhoneNumber: string;
  twilioAccountSid: string;
  twilioAuthToken: string;
}

export function metaSignature(appSecret: string, body: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

const ERROR_HREF = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

export function whatsAppError(code: number, title: string, details: string): WhatsAppError {
  return { code, title, message: title, error_data: { details }, href: ERROR_HREF };
}

/** Mesa's base URL may carry a path prefix, which `new URL(path, base)` would drop. */
export function mesaEndpoint(mesaUrl: string, path: string): string {
  return `${mesaUrl.endsWith('/') ? mesaUrl.slice(0, -1) : mesaUrl}${path}`;
}

const seconds = (ms: number) => String(Math.floor(ms / 1000));

export class Callbacks {
  constructor(
    private readonly sender: CallbackSender,
    private readonly config: CallbackConfig,
  ) {}

  private mesa(path: string): string | null {
    return this.config.mesaUrl === null ? null : mesaEndpoint(this.config.mesaUrl, path);
  }

  whatsAppStatus(message: SentMessage, status: WhatsAppStatusName, at: number, error?: WhatsAppError): void {
    const entry: WhatsAppStatus = { id: message.id, status, timestamp: seconds(at), recipient_id: digitsOf(message.to) };
    if (status === 'failed') entry.errors = [error ?? whatsAppError(131000, 'Something went wrong', 'Message failed to send.')];
    else if (status !== 'read') {
      const template = message.template !== null;
      entry.pricing = { billable: template, pricing_model: 'PMP', category: template ? 'utility' : 'service', type: template ? 'regular' : 'free_customer_service' };
    }
    this.sendWhatsApp(message, { statuses: [entry] }, 'status', message.id);
  }

  whatsAppInbound(guest: GuestMessage, answered: SentMessage | undefined, profileName: string): void {
    const base = { from: digitsOf(guest.from), id: guest.id, timestamp: seconds(guest.at) };
    const context = answered && guest.replyTo !== null ? { context: { from: digitsOf(answered.from), id: answered.id } } : {};
    const inbound: WhatsAppInboundMessage = guest.button
      ? { ...base, ...context, type: 'button', button: guest.button }
      : { ...base, ...context, type: 'text', text: { body: guest.text } };
    const value = { contacts: [{ profile: { name: profileName }, wa_id: digitsOf(guest.from) }], messages: [inbound] };
    this.sendWhatsApp(answered, value, 'message', guest.id);
  }

  private sendWhatsApp(about: SentMessage | undefined, value: { statuses?: WhatsAppStatus[]; contacts?: { profile: { name: string }; wa_id: string }[]; messages?: WhatsAppInboundMessage[] }, kind: 'status' | 'message', messageId: string): void {
    const url = this.mesa(WHATSAPP_WEBHOOK_PATH);
    if (url === null || this.config.appSecret === null) return;
    const envelope: WhatsAppWebhook = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: this.config.wabaId,
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: digitsOf(about?.from ?? this.config.displayPhoneNumber),
                  phone_number_id: about?.whatsapp?.phoneNumberId ?? this.config.phoneNumberId,
                },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
    const body = JSON.stringify(envelope);
    const headers = { 'Content-Type': 'application/json', 'User-Agent': 'facebookexternalua', 'X-Hub-Signature-256': metaSignature(this.config.appSecret, body) };
    this.sender.send({ channel: 'whatsapp', kind, messageId, url, headers, body }, about?.id ?? messageId);
  }

  smsStatus(message: SentMessage, status: 'sent' | 'delivered' | 'undelivered' | 'failed', errorCode?: number): void {
    const url = message.sms?.statusCallback;
    if (!url) return;
    const params: Record<string, string> = {
      AccountSid: message.sms?.accountSid ?? this.config.twilioAccountSid,
      ApiVersion: '2010-04-01',
      From: message.from,
      MessageSid: message.id,
      MessageStatus: status,
      SmsSid: message.id,
      SmsStatus: status,
      To: message.to,
    };
    if (message.sms?.messagingServiceSid) params.MessagingServiceSid = message.sms.messagingServiceSid;
    if (errorCode !== undefined) params.ErrorCode = String(errorCode);
    this.sendTwilio(url, params, 'status', message.id, message.id);
  }

  smsInbound(guest: GuestMessage, answered: SentMessage | undefined): void {
    const url = this.mesa(TWILIO_WEBHOOK_PATH);
    if (url === null) return;
    const params: Record<string, string> = {
      AccountSid: answered?.sms?.accountSid ?? this.config.twilioAccountSid,
      ApiVersion: '2010-04-01',
      Body: guest.text,
      From: guest.from,
      FromCountry: parsePhoneNumberFromString(guest.from)?.country ?? '',
      MessageSid: guest.id,
      NumMedia: '0',
      NumSegments: '1',
      SmsMessageSid: guest.id,
      SmsSid: guest.id,
      SmsStatus: 'received',
      To: guest.to,
      ToCountry: parsePhoneNumberFromString(guest.to)?.country ?? '',
    };
    if (answered?.sms?.messagingServiceSid) params.MessagingServiceSid = answered.sms.messagingServiceSid;
    this.sendTwilio(url, params, 'message', guest.id, answered?.id ?? guest.id);
  }

  private sendTwilio(url: string, params: Record<string, string>, kind: 'status' | 'message', messageId: string, orderKey: string): void {
    const headers = {
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': 'TwilioProxy/1.1',
      'I-Twilio-Idempotency-Token': randomUUID(),
      'X-Twilio-Signature': twilio.getExpectedTwilioSignature(this.config.twilioAuthToken, url, params),
    };
    this.sender.send({ channel: 'sms', kind, messageId, url, headers, body: new URLSearchParams(params).toString() }, orderKey);
  }
}

export interface VerificationResult {
  url: string;
  status: number;
  body: string;
  challenge: string;
  /** Meta subscribes the webhook only when the answer is 200 and its body is the challenge itself. */
  ok: boolean;
}

/** Meta's webhook verification: GET with hub.mode=subscribe, hub.verify_token and hub.challenge. */
export async function verifyWhatsAppWebhook(mesaUrl: string, verifyToken: string): Promise<VerificationResult> {
  const challenge = String(randomBytes(4).readUInt32BE());
  const url = new URL(mesaEndpoint(mesaUrl, WHATSAPP_WEBHOOK_PATH));
  url.search = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': challenge }).toString();
  const response = await fetch(url, { headers: { 'User-Agent': 'facebookplatform/1.0' }, signal: AbortSignal.timeout(5000) });
  const body = await response.text();
  return { url: url.href, status: response.status, body, challenge, ok: response.status === 200 && body === challenge };
}
