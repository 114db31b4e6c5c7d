import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { closeServer, listen, readBody, redirect, sendHtml } from '../http.ts';
import { checkoutPage, type PageChoice } from './checkout-page.ts';
import { FakeStripeError, invalid } from './errors.ts';
import { parseStripeForm, stringField, type FormObject } from './form-body.ts';
import { newId } from './objects.ts';
import { routeApi } from './api-routes.ts';
import { FakeStripeStore, type ChargeOutcome } from './store.ts';
import { WebhookSender, type WebhookDelivery } from './webhook-sender.ts';

/*
 * A local stand-in for the part of Stripe's API that Mesa uses, for tests and for trying the flow without an
 * account. The SDK reaches it through its documented options: new Stripe(key, { host, port, protocol: 'http' }).
 */

export interface FakeStripeOptions {
  port?: number;
  host?: string;
  webhookUrl?: string;
  webhookSecret?: string;
}

export interface FakeStripe {
  /** 'http://127.0.0.1:PORT': what STRIPE_API_URL is set to. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly store: FakeStripeStore;
  /** Every event recorded, oldest first. */
  events(): Stripe.Event[];
  deliveries(): WebhookDelivery[];
  /** Resolves once the webhook deliveries started so far have succeeded or given up. */
  webhooksSettled(): Promise<void>;
  setWebhook(url: string | null, secret: string | null): void;
  /** The next off-session charge of this customer or payment method (cus_… or pm_…) fails this way. */
  failNextCharge(outcome: ChargeOutcome, customerOrPaymentMethod: string): void;
  close(): Promise<void>;
}

interface Stored {
  status: number;
  body: string;
  requestBody: string;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const sender = new WebhookSender();
  sender.configure(options.webhookUrl ?? null, options.webhookSecret ?? null);
  const store = new FakeStripeStore((event) => sender.send(event));
  const idempotent = new Map<string, Stored>();
  let baseUrl = '';

  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => handle(request, response, body))
      .catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
        else response.end();
      });
  });

  function handle(request: IncomingMessage, response: ServerResponse, body: string): void {
    const url = new URL(request.url ?? '/', baseUrl);
    const method = request.method ?? 'GET';
    const page = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (page?.[1]) return handlePage(response, method, page[1], body);
    if (url.pathname === '/_fake/next-charge' && method === 'POST') return handleNextCharge(request, response, body);
    if (!url.pathname.startsWith('/v1/')) return sendJson(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } });

    const apiKey = apiKeyOf(request.headers.authorization);
    if (apiKey === undefined) {
      return sendJson(response, 401, { error: { type: 'invalid_request_error', message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').' } });
    }
    if (!apiKey.startsWith('sk_test_')) {
      return sendJson(response, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(apiKey)}` } });
    }

    const idempotencyKey = method === 'POST' ? headerValue(request, 'idempotency-key') : undefined;
    const cacheKey = idempotencyKey === undefined ? undefined : `${apiKey} ${idempotencyKey}`;
    const replay = cacheKey === undefined ? undefined : idempotent.get(cacheKey);
    if (replay) {
      if (replay.requestBody !== body) {
        return sendJson(response, 400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } });
      }
      response.setHeader('Idempotent-Replayed', 'true');
      return send(response, replay.status, replay.body);
    }

    const form = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
    let status = 200;
    let answer: unknown;
    try {
      answer = routeApi(store, method, url.pathname, form, baseUrl);
      if (answer === undefined) {
        status = 404;
        answer = { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } };
      }
    } catch (error) {
      if (!(error instanceof FakeStripeError)) throw error;
      status = error.status;
      answer = { error: { ...error.body, request_log_url: null } };
    }
    const text = JSON.stringify(answer, null, 2);
    if (cacheKey !== undefined) idempotent.set(cacheKey, { status, body: text, requestBody: body });
    if (idempotencyKey !== undefined) response.setHeader('Idempotency-Key', idempotencyKey);
    send(response, status, text);
  }

  function handlePage(response: ServerResponse, method: string, id: string, body: string): void {
    let session: Stripe.Checkout.Session;
    try {
      session = store.session(id);
    } catch (error) {
      if (!(error instanceof FakeStripeError)) throw error;
      return sendHtml(response, 404, '<!doctype html><html lang="es"><title>No encontrada</title><h1>Esta sesión de pago no existe</h1></html>');
    }
    if (method === 'GET') return sendHtml(response, 200, checkoutPage(session));
    if (method !== 'POST') return sendHtml(response, 405, checkoutPage(session));
    if (session.status !== 'open') return sendHtml(response, 409, checkoutPage(session));
    const choice = stringField(parseStripeForm(body), 'choice') as PageChoice | undefined;
    if (choice === 'cancel') {
      if (session.cancel_url === null) return sendHtml(response, 200, checkoutPage(session));
      return redirect(response, session.cancel_url);
    }
    if (choice !== 'pay' && choice !== 'pay_authentication_required') return sendHtml(response, 400, checkoutPage(session));
    const completed = store.completeSession(id, choice === 'pay' ? 'plain' : 'authentication_required');
    const target = (completed.success_url ?? `${baseUrl}/pay/${id}`).replaceAll('{CHECKOUT_SESSION_ID}', completed.id);
    redirect(response, target);
  }

  function handleNextCharge(request: IncomingMessage, response: ServerResponse, body: string): void {
    const form: FormObject = (request.headers['content-type'] ?? '').includes('json') ? (JSON.parse(body || '{}') as FormObject) : parseStripeForm(body);
    const outcome = stringField(form, 'outcome');
    const target = stringField(form, 'customer') ?? stringField(form, 'payment_method');
    if ((outcome !== 'authentication_required' && outcome !== 'card_declined') || target === undefined) {
      const error = invalid("Send outcome ('authentication_required' or 'card_declined') and customer or payment_method.");
      return sendJson(response, error.status, { error: error.body });
    }
    store.failNextCharge(outcome, target);
    sendJson(response, 200, { outcome, target });
  }

  const { host, port, url } = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  baseUrl = url;

  return {
    url: baseUrl,
    host,
    port,
    store,
    events: () => [...store.events],
    deliveries: () => [...sender.deliveries],
    webhooksSettled: () => sender.settled(),
    setWebhook: (url, secret) => sender.configure(url, secret),
    failNextCharge: (outcome, target) => store.failNextCharge(outcome, target),
    close: () => {
      sender.close();
      return closeServer(server);
    },
  };
}

/** Stripe takes the secret key as Bearer auth (the SDK) or as Basic auth's user name (curl -u sk_test_…:). */
function apiKeyOf(authorization: string | undefined): string | undefined {
  const bearer = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (bearer !== undefined) return bearer;
  const basic = /^Basic (\S+)$/.exec(authorization ?? '')?.[1];
  const user = basic === undefined ? undefined : Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  return user || undefined;
}

function maskKey(key: string): string {
  return key.length < 12 ? '*'.repeat(key.length) : `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, JSON.stringify(body, null, 2));
}

