import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { escapeHtml } from '../../../src/server/platform/html.ts';
import { CallbackSender, DEFAULT_RETRY_DELAYS_MS, type CallbackDelivery } from './callback-sender.ts';
import { Callbacks, verifyWhatsAppWebhook, whatsAppError, type VerificationResult } from './callbacks.ts';
import { Guest } from './guest.ts';
import { closeServer, listen, readBody, redirect, sendAnswer, sendHtml } from '../http.ts';
import { ANSWER_PATH, anchor, inboxPage, READ_PATH } from './inbox-page.ts';
import { FakeMessagingStore, type Channel, type FakeFailure, type FakeTemplate, type GuestMessage, type SentMessage } from './store.ts';
import { routeTwilio } from './twilio-api.ts';
import { routeGraph, type WhatsAppApiConfig } from './whatsapp-api.ts';

/*
 * A local stand-in for the providers of issue 46, for tests and for trying the flow without accounts: Meta's
 * WhatsApp Cloud API (Graph API, `/v{N}.0/…`) and Twilio's Messages (`/2010-04-01/…`) on one port, sending the
 * providers' signed callbacks to Mesa, with a page at `/` to answer as the guest.
 */

export interface FakeMessagingOptions {
  port?: number;
  host?: string;
  /** Mesa's base URL: WhatsApp callbacks and guests' SMS go to its documented webhook paths. null: nowhere. */
  mesaUrl?: string | null;
  whatsapp?: Partial<Omit<WhatsAppApiConfig, 'templates'>> & {
    /** Signs X-Hub-Signature-256; needed when mesaUrl is set. */
    appSecret?: string;
    /** What verifyWebhook() sends as hub.verify_token unless told otherwise. */
    verifyToken?: string;
    templates?: FakeTemplate[];
  };
  twilio?: { accountSid?: string; authToken?: string; sender?: string };
  /** Report 'sent' then 'delivered' after each accepted message (default true). */
  autoStatuses?: boolean;
  retryDelaysMs?: readonly number[];
  /** The clock of the customer-service window and of timestamps. */
  now?: () => number;
}

export interface FakeMessaging {
  /** 'http://127.0.0.1:PORT': what WHATSAPP_API_URL and TWILIO_API_URL are set to. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly store: FakeMessagingStore;
  /** Every message Mesa sent, oldest first. */
  messages(channel?: Channel): SentMessage[];
  /** Every message the guest sent back, oldest first. */
  guestMessages(): GuestMessage[];
  deliveries(): CallbackDelivery[];
  /** Resolves once every callback started so far has been delivered or given up. */
  settled(): Promise<void>;
  /** The guest writes to the business; on the channel of the last message sent to that number unless told. */
  reply(number: string, text: string, channel?: Channel): GuestMessage;
  /** The guest taps a quick-reply button (by payload or label) of a WhatsApp template message. */
  pressButton(messageId: string, payloadOrText: string): GuestMessage;
  /** The guest opens a WhatsApp message: a 'read' status. */
  markRead(messageId: string): void;
  /** The next send on this channel fails this way (default: the API answers 500). */
  failNext(channel: Channel, failure?: FakeFailure): void;
  /** Meta's GET verification handshake against Mesa's webhook. */
  verifyWebhook(verifyToken?: string): Promise<VerificationResult>;
  close(): Promise<void>;
}

export const FAKE_TWILIO_AUTH_TOKEN = 'fake-twilio-auth-token';

export async function startFakeMessaging(options: FakeMessagingOptions = {}): Promise<FakeMessaging> {
  const mesaUrl = options.mesaUrl ?? null;
  const appSecret = options.whatsapp?.appSecret ?? null;
  if (mesaUrl !== null && appSecret === null) throw new Error('The fake signs WhatsApp callbacks to Mesa with the app secret: give whatsapp.appSecret with mesaUrl');
  if (mesaUrl !== null && !URL.canParse(mesaUrl)) throw new Error(`mesaUrl is not a URL: '${mesaUrl}'`);
  const now = options.now ?? Date.now;
  const store = new FakeMessagingStore(now);
  const whatsapp: WhatsAppApiConfig = {
    accessToken: options.whatsapp?.accessToken ?? null,
    phoneNumberId: options.whatsapp?.phoneNumberId ?? null,
    wabaId: options.whatsapp?.wabaId ?? null,
    displayPhoneNumber: options.whatsapp?.displayPhoneNumber ?? '+34 600 000 000',
    verifiedName: options.whatsapp?.verifiedName ?? 'Restaurante de prueba',
    templates: options.whatsapp?.templates ?? null,
  };
  const twilio = { accountSid: options.twilio?.accountSid ?? null, authToken: options.twilio?.authToken ?? FAKE_TWILIO_AUTH_TOKEN, sender: options.twilio?.sender ?? '+15005550006' };
  const sender = new CallbackSender(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS);
  const callbacks = new Callbacks(sender, {
    mesaUrl,
    appSecret,
    wabaId: whatsapp.wabaId ?? '200000000000002',
    phoneNumberId: whatsapp.phoneNumberId ?? '100000000000001',
    displayPhoneNumber: whatsapp.displayPhoneNumber,
    twilioAccountSid: twilio.accountSid ?? 'AC00000000000000000000000000000000',
    twilioAuthToken: twilio.authToken,
  });
  const guest = new Guest(store, callbacks, whatsapp.displayPhoneNumber, twilio.sender);
  const autoStatuses = options.autoStatuses ?? true;

  /** What the provider reports after accepting a message, once the API's answer is on its way. */
  function onAccepted(message: SentMessage, failure: FakeFailure | undefined): void {
    setImmediate(() => {
      if (message.channel === 'whatsapp') {
        if (failure?.kind === 'delivery') {
          const error = whatsAppError(failure.code ?? 131026, failure.message ?? 'Message undeliverable', 'The fake was told to fail this message.');
          return guest.whatsAppStatus(message, 'failed', error);
        }
        if (message.text !== null && !store.windowOpen(message.to)) {
          const details = 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.';
          return guest.whatsAppStatus(message, 'failed', whatsAppError(131047, 'Re-engagement message', details));
        }
        if (!autoStatuses) return;
        guest.whatsAppStatus(message, 'sent');
        guest.whatsAppStatus(message, 'delivered');
        return;
      }
      if (failure?.kind === 'delivery') {
        guest.smsStatus(message, 'sent');
        guest.smsStatus(message, 'undelivered', failure.code ?? 30003);
        return;
      }
      if (!autoStatuses) return;
      guest.smsStatus(message, 'sent');
      guest.smsStatus(message, 'delivered');
    });
  }

  let baseUrl = '';
  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => handle(request, response, body))
      .catch((error: unknown) => {
        if (!response.headersSent) sendHtml(response, 500, `<!doctype html><title>Error</title><p>${escapeHtml(String(error))}</p>`);
        else response.end();
      });
  });

  function handle(request: IncomingMessage, response: ServerResponse, body: string): void {
    const url = new URL(request.url ?? '/', baseUrl);
    const method = request.method ?? 'GET';
    const authorization = request.headers.authorization;
    const answer =
      routeGraph({ config: whatsapp, store, onAccepted }, method, url.pathname, authorization, body) ??
      routeTwilio({ config: twilio, store, onAccepted }, method, url.pathname, authorization, body);
    if (answer) return sendAnswer(response, answer);
    if (url.pathname === '/' && method === 'GET') return sendHtml(response, 200, inboxPage(store));
    if ((url.pathname === ANSWER_PATH || url.pathname === READ_PATH) && method === 'POST') return handleGuestForm(response, url.pathname, new URLSearchParams(body));
    sendHtml(response, 404, '<!doctype html><html lang="es"><title>No encontrada</title><h1>Esta dirección no existe en el fake</h1><p><a href="/">Mensajes</a></p></html>');
  }

  function handleGuestForm(response: ServerResponse, path: string, form: URLSearchParams): void {
    const messageId = form.get('message') ?? '';
    const message = store.sent.find((each) => each.id === messageId);
    if (!message) return sendHtml(response, 404, '<!doctype html><title>No encontrado</title><p>Ese mensaje no existe. <a href="/">Volver</a></p>');
    const button = form.get('button');
    const text = form.get('text')?.trim();
    try {
      if (path === READ_PATH) guest.markRead(message.id);
      else if (button) guest.pressButton(message.id, button);
      else if (text) guest.reply(message.to, text, message.channel);
      else return sendHtml(response, 400, '<!doctype html><title>Falta la respuesta</title><p>Escribe una respuesta o pulsa un botón. <a href="/">Volver</a></p>');
    } catch (error) {
      return sendHtml(response, 400, `<!doctype html><title>No se pudo</title><p>${escapeHtml(error instanceof Error ? error.message : String(error))} <a href="/">Volver</a></p>`);
    }
    redirect(response, `/#${anchor(message.id)}`);
  }

  const where = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  baseUrl = where.url;

  return {
    ...where,
    store,
    messages: (channel) => store.sent.filter((each) => channel === undefined || each.channel === channel),
    guestMessages: () => [...store.received],
    deliveries: () => [...sender.deliveries],
    settled: () => sender.settled(),
    reply: (number, text, channel) => guest.reply(number, text, channel),
    pressButton: (messageId, payloadOrText) => guest.pressButton(messageId, payloadOrText),
    markRead: (messageId) => guest.markRead(messageId),
    failNext: (channel, failure = { kind: 'request', status: 500 }) => store.failNext(channel, failure),
    verifyWebhook: (verifyToken) => {
      if (mesaUrl === null) return Promise.reject(new Error('The fake has no mesaUrl to verify'));
      const token = verifyToken ?? options.whatsapp?.verifyToken;
      if (token === undefined) return Promise.reject(new Error('Give the verify token (whatsapp.verifyToken or an argument)'));
      return verifyWhatsAppWebhook(mesaUrl, token);
    },
    close: () => {
      sender.close();
      return closeServer(server);
    },
  };
}
