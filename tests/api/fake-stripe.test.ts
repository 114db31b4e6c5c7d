import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm } from '../fakes/stripe/form-body.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { Arrivals } from '../support/wait-for.ts';

// Issue 45: the local fake of Stripe, driven by the real SDK through its documented host/port/protocol options.
const SECRET = 'whsec_fake_test_secret';

interface Received {
  body: string;
  signature: string;
}

async function startWebhookReceiver(failFirst = 0): Promise<{ url: string; arrivals: Arrivals<Received>; close(): Promise<void> }> {
  const arrivals = new Arrivals<Received>('webhook receiver');
  let refusals = failFirst;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (refusals > 0) {
        refusals--;
        response.writeHead(500).end();
        return;
      }
      arrivals.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['stripe-signature']) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/stripe-webhook`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeStripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  fake = await startFakeStripe({ webhookUrl: receiver.url, webhookSecret: SECRET });
  stripe = new Stripe('sk_test_mesa', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

function verifiedEvents(): Stripe.Event[] {
  return receiver.arrivals.items.map((item) => stripe.webhooks.constructEvent(item.body, item.signature, SECRET));
}

async function waitForEvent(type: Stripe.Event.Type, objectId: string): Promise<Stripe.Event> {
  await fake.webhooksSettled();
  const event = verifiedEvents().find((each) => each.type === type && (each.data.object as { id?: string }).id === objectId);
  if (!event) throw new Error(`no verified ${type} webhook for ${objectId}`);
  return event;
}

async function setupSession(metadata: Record<string, string> = {}): Promise<{ customer: Stripe.Customer; session: Stripe.Checkout.Session }> {
  const customer = await stripe.customers.create({ email: 'ana@example.com', name: 'Ana Pérez' });
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer: customer.id,
    currency: 'eur',
    success_url: 'http://mesa.test/reserva/ok?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://mesa.test/reserva/cancelada',
    metadata,
    expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
  });
  return { customer, session };
}

function press(session: Stripe.Checkout.Session | string, choice: string): Promise<Response> {
  const url = typeof session === 'string' ? session : (session.url ?? '');
  return fetch(url, { method: 'POST', body: new URLSearchParams({ choice }), redirect: 'manual' });
}

async function savedCard(choice = 'pay'): Promise<{ customer: Stripe.Customer; paymentMethod: string }> {
  const { customer, session } = await setupSession();
  expect((await press(session, choice)).status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
  const intent = done.setup_intent as Stripe.SetupIntent;
  return { customer, paymentMethod: intent.payment_method as string };
}

function offSessionCharge(customer: string, paymentMethod: string, amount = 3000): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount, currency: 'eur', customer, payment_method: paymentMethod, off_session: true, confirm: true });
}

describe('the fake Stripe', () => {
  it('parses bracket notation as Stripe does', () => {
    expect(parseStripeForm('metadata[booking]=b-1&payment_method_types[]=card&expand[0]=a&expand[1]=b&mode=setup')).toEqual({
      metadata: { booking: 'b-1' },
      payment_method_types: ['card'],
      expand: ['a', 'b'],
      mode: 'setup',
    });
  });

  it('saves a card through the setup Checkout page, redirects like Stripe and sends a signed webhook', async () => {
    const { customer, session } = await setupSession({ booking: 'b-1', amount: '2000' });
    expect(customer.id).toMatch(/^cus_/);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.status).toBe('open');
    expect(session.url?.startsWith(`${fake.url}/pay/`)).toBe(true);

    const page = await fetch(session.url ?? '');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toMatch(/20,00\s€/);
    expect(html).toContain('Pagar (prueba)');
    expect(html).toContain('Cancelar');

    const paid = await press(session, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://mesa.test/reserva/ok?session=${session.id}`);

    const event = await waitForEvent('checkout.session.completed', session.id);
    expect((event.data.object as Stripe.Checkout.Session).metadata).toEqual({ booking: 'b-1', amount: '2000' });
    const item = receiver.arrivals.items[0];
    expect(() => stripe.webhooks.constructEvent(item?.body ?? '', item?.signature ?? '', 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    expect(done.status).toBe('complete');
    const intent = done.setup_intent as Stripe.SetupIntent;
    expect(intent.id).toMatch(/^seti_/);
    expect(intent.status).toBe('succeeded');
    const method = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(method.id).toMatch(/^pm_/);
    expect(method.card?.brand).toBe('visa');
    expect(method.card?.last4).toBe('4242');
    expect(method.customer).toBe(customer.id);

    const again = await press(session, 'pay');
    expect(again.status).toBe(409);
  });

  it("shows 'Guardar tarjeta' without an amount and sends 'Cancelar' to cancel_url", async () => {
    const { session } = await setupSession();
    expect(await (await fetch(session.url ?? '')).text()).toContain('Guardar tarjeta');
    const cancelled = await press(session, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://mesa.test/reserva/cancelada');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('charges a saved card off-session, and the control makes the next charge need authentication', async () => {
    const { customer, paymentMethod } = await savedCard();
    const intent = await offSessionCharge(customer.id, paymentMethod);
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.status).toBe('succeeded');
    expect(intent.amount_received).toBe(3000);
    await waitForEvent('payment_intent.succeeded', intent.id);

    const control = await fetch(`${fake.url}/_fake/next-charge`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outcome: 'authentication_required', customer: customer.id }),
    });
    expect(control.status).toBe(200);
    const error = await offSessionCharge(customer.id, paymentMethod).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as InstanceType<typeof Stripe.errors.StripeCardError>;
    expect(cardError.statusCode).toBe(402);
    expect(cardError.code).toBe('authentication_required');
    expect(cardError.payment_intent?.status).toBe('requires_action');
    await waitForEvent('payment_intent.payment_failed', cardError.payment_intent?.id ?? '');

    expect((await offSessionCharge(customer.id, paymentMethod)).status).toBe('succeeded');
  });

  it("declines a card with fake.failNextCharge('card_declined')", async () => {
    const { customer, paymentMethod } = await savedCard();
    fake.failNextCharge('card_declined', paymentMethod);
    await expect(offSessionCharge(customer.id, paymentMethod)).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
  });

  it("saves a card that always asks for authentication off-session from the page's second button", async () => {
    const { customer, paymentMethod } = await savedCard('pay_authentication_required');
    await expect(offSessionCharge(customer.id, paymentMethod)).rejects.toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
    await expect(offSessionCharge(customer.id, paymentMethod)).rejects.toMatchObject({ code: 'authentication_required' });
  });

  it('refunds in part and then in full, and refuses a third refund', async () => {
    const { customer, paymentMethod } = await savedCard();
    const intent = await offSessionCharge(customer.id, paymentMethod);
    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    expect(partial.id).toMatch(/^re_/);
    expect(partial.amount).toBe(500);
    expect(partial.status).toBe('succeeded');
    expect(partial.charge).toBe(intent.latest_charge);
    const partly = (await waitForEvent('charge.refunded', String(intent.latest_charge))).data.object as Stripe.Charge;
    expect(partly).toMatchObject({ amount_refunded: 500, refunded: false });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(2500);
    await fake.webhooksSettled();
    const refundedEvents = verifiedEvents().filter((event) => event.type === 'charge.refunded' && event.data.object.id === intent.latest_charge);
    expect(refundedEvents.map((event) => event.data.object)).toMatchObject([
      { amount_refunded: 500, refunded: false },
      { amount_refunded: 3000, refunded: true },
    ]);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
    });
  });

  it('expires a session on request; its page then says so and completes nothing', async () => {
    const { session } = await setupSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    await waitForEvent('checkout.session.expired', session.id);

    expect(await (await fetch(session.url ?? '')).text()).toContain('caducado');
    expect((await press(session, 'pay')).status).toBe(409);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after.status).toBe('expired');
    expect(after.setup_intent).toBeNull();
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('detaches a payment method, which then cannot be charged', async () => {
    const { customer, paymentMethod } = await savedCard();
    const detached = await stripe.paymentMethods.detach(paymentMethod);
    expect(detached.customer).toBeNull();
    await expect(offSessionCharge(customer.id, paymentMethod)).rejects.toMatchObject({ statusCode: 400, param: 'payment_method' });
  });

  it('refuses a key that is not sk_test_, and answers 404 in Stripe shape for an unknown id', async () => {
    const live = new Stripe('sk_live_nope', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(live.customers.create({ email: 'x@example.com' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('replays the same answer for the same Idempotency-Key', async () => {
    const key = `mesa-${Date.now()}`;
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    const second = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    const other = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: `${key}-b` });
    expect(second.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    await expect(stripe.customers.create({ email: 'changed@example.com' }, { idempotencyKey: key })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('retries a refused webhook and survives an endpoint that never answers', async () => {
    const flaky = await startWebhookReceiver(1);
    try {
      fake.setWebhook(flaky.url, SECRET);
      const { session } = await setupSession();
      await stripe.checkout.sessions.expire(session.id);
      await fake.webhooksSettled();
      const delivery = fake.deliveries().find((each) => each.url === flaky.url);
      expect(delivery).toMatchObject({ attempts: 2, delivered: true, status: 200 });
      expect(flaky.arrivals.items).toHaveLength(1);

      fake.setWebhook('http://127.0.0.1:9/nowhere', SECRET);
      const other = await setupSession();
      await stripe.checkout.sessions.expire(other.session.id);
      await fake.webhooksSettled();
      expect(fake.deliveries().at(-1)).toMatchObject({ attempts: 4, delivered: false, status: null });
      expect((await stripe.customers.create({ email: 'still@example.com' })).id).toMatch(/^cus_/);
    } finally {
      fake.setWebhook(receiver.url, SECRET);
      await flaky.close();
    }
  });
});
