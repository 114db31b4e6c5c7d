import type { MessageDirection, MessageStatus } from 'twilio/lib/rest/api/v2010/account/message';
import type { ApiAnswer } from '../http.ts';
import { newTwilioSid, type FakeFailure, type FakeMessagingStore, type SentMessage } from './store.ts';

/*
 * Twilio's Programmable Messaging routes that Mesa calls (API version 2010-04-01): create a Message and read it
 * back. HTTP Basic auth with the account SID and auth token; form-encoded bodies; answers are the Message resource's
 * JSON and errors Twilio's `{ code, message, more_info, status }`. The SDK reaches the fake through Mesa's
 * twilioClient(sid, token, apiUrl), which rewrites https://api.twilio.com to the fake's URL.
 */

export interface TwilioApiConfig {
  /** null: any AC… SID is accepted with the right auth token. */
  accountSid: string | null;
  authToken: string;
  /** The number a Messaging Service picks when a message names no From. */
  sender: string;
}

export interface TwilioApi {
  config: TwilioApiConfig;
  store: FakeMessagingStore;
  onAccepted(message: SentMessage, failure: FakeFailure | undefined): void;
}

/** The Message resource as Twilio's API answers it (the SDK's MessageInstance is built from this). */
export interface TwilioMessageJson {
  account_sid: string;
  api_version: '2010-04-01';
  body: string;
  date_created: string;
  date_sent: string | null;
  date_updated: string;
  direction: MessageDirection;
  error_code: number | null;
  error_message: string | null;
  from: string | null;
  messaging_service_sid: string | null;
  num_media: string;
  num_segments: string;
  price: string | null;
  price_unit: string;
  sid: string;
  status: MessageStatus;
  subresource_uris: Record<string, string>;
  to: string;
  uri: string;
}

const ROUTE = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages(?:\/([^/]+))?\.json$/;
const E164 = /^\+[1-9]\d{6,14}$/;

export function twilioError(status: number, code: number, message: string): ApiAnswer {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

/** Twilio writes dates as RFC 2822 in UTC: 'Sun, 29 Nov 2026 09:30:00 +0000'. */
function rfc2822(ms: number): string {
  return new Date(ms).toUTCString().replace('GMT', '+0000');
}

export function routeTwilio(api: TwilioApi, method: string, pathname: string, authorization: string | undefined, body: string): ApiAnswer | undefined {
  const match = ROUTE.exec(pathname);
  if (!match) return undefined;
  const pathSid = decodeURIComponent(match[1] ?? '');
  const basic = /^Basic (\S+)$/.exec(authorization ?? '')?.[1];
  const [user, ...rest] = basic === undefined ? [] : Buffer.from(basic, 'base64').toString('utf8').split(':');
  const password = rest.join(':');
  const known = api.config.accountSid === null ? /^AC[0-9a-f]{32}$/i.test(user ?? '') : user === api.config.accountSid;
  if (!known || password !== api.config.authToken || user !== pathSid) {
    return { ...twilioError(401, 20003, 'Authenticate'), headers: { 'WWW-Authenticate': 'Basic realm="Twilio API"' } };
  }
  const messageSid = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
  if (messageSid !== undefined) {
    const message = method === 'GET' ? api.store.sent.find((each) => each.channel === 'sms' && each.id === messageSid) : undefined;
    if (!message) return twilioError(404, 20404, `The requested resource ${pathname} was not found`);
    return { status: 200, body: messageJson(message) };
  }
  if (method !== 'POST') return twilioError(405, 20004, 'Method not allowed');
  return createMessage(api, pathSid, new URLSearchParams(body));
}

function createMessage(api: TwilioApi, accountSid: string, form: URLSearchParams): ApiAnswer {
  const to = form.get('To');
  const from = form.get('From');
  const service = form.get('MessagingServiceSid');
  const text = form.get('Body');
  const statusCallback = form.get('StatusCallback');
  if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
  if (!E164.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
  if (!from && !service) return twilioError(400, 21603, "A 'From' phone number is required.");
  if (from && !E164.test(from)) return twilioError(400, 21212, `Invalid From Number (caller ID): ${from}`);
  if (service && !/^MG[0-9a-f]{32}$/i.test(service)) return twilioError(400, 21701, `The Messaging Service Sid ${service} is invalid.`);
  if (!text) return twilioError(400, 21602, 'Message body is required.');
  if (text.length > 1600) return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  if (statusCallback && !(URL.canParse(statusCallback) && /^https?:$/.test(new URL(statusCallback).protocol))) {
    return twilioError(400, 21609, `The StatusCallback URL ${statusCallback} is not a valid URL.`);
  }

  const failure = api.store.takeFailure('sms');
  if (failure?.kind === 'network') return { status: 0, body: null, drop: true };
  if (failure?.kind === 'request') {
    const code = failure.code ?? (failure.status === 429 ? 20429 : 20500);
    return twilioError(failure.status, code, failure.message ?? (code === 20429 ? 'Too Many Requests' : 'Internal Server Error'));
  }
  const now = api.store.now();
  const message = api.store.recordSent({
    channel: 'sms',
    id: newTwilioSid('SM'),
    to,
    from: from || api.config.sender,
    sentAt: now,
    text,
    template: null,
    statuses: [{ status: from ? 'queued' : 'accepted', at: now }],
    sms: { accountSid, messagingServiceSid: service || null, statusCallback: statusCallback || null },
  });
  api.onAccepted(message, failure);
  return { status: 201, body: messageJson(message) };
}

/** The resource as GET answers it now: its latest status, and From once a Messaging Service has picked the sender. */
export function messageJson(message: SentMessage): TwilioMessageJson {
  const accountSid = message.sms?.accountSid ?? '';
  const latest = message.statuses.at(-1);
  const status = (latest?.status ?? 'queued') as MessageStatus;
  const senderKnown = status !== 'accepted' || message.sms?.messagingServiceSid === null;
  const sent = message.statuses.find((each) => each.status === 'sent');
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${message.id}`;
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: message.text ?? '',
    date_created: rfc2822(message.sentAt),
    date_sent: sent ? rfc2822(sent.at) : null,
    date_updated: rfc2822(latest?.at ?? message.sentAt),
    direction: 'outbound-api',
    error_code: latest?.errorCode ?? null,
    error_message: null,
    from: senderKnown ? message.from : null,
    messaging_service_sid: message.sms?.messagingServiceSid ?? null,
    num_media: '0',
    num_segments: senderKnown ? segments(message.text ?? '') : '0',
    price: null,
    price_unit: 'USD',
    sid: message.id,
    status,
    subresource_uris: { media: `${uri}/Media.json`, feedback: `${uri}/Feedback.json` },
    to: message.to,
    uri: `${uri}.json`,
  };
}

/** 160 characters fit one SMS; longer texts go in parts of 153 (GSM-7; the fake ignores UCS-2's 70/67). */
function segments(text: string): string {
  return String(text.length <= 160 ? 1 : Math.ceil(text.length / 153));
}
