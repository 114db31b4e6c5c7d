import type Stripe from 'stripe';
import { invalid } from './errors.ts';
import { accountObject } from './objects.ts';
import { booleanField, integerField, listField, metadataField, stringField, type FormObject } from './form-body.ts';
import { paymentSessionInput, sessionList } from './payment-session.ts';
import type { FakeStripeStore } from './store.ts';

/*
 * The /v1 routes Mesa's card guarantee calls, each answering the object Stripe would (or throwing a
 * FakeStripeError in Stripe's shape). undefined: no such route.
 */

const REFUND_REASONS: readonly Stripe.Refund.Reason[] = ['duplicate', 'fraudulent', 'requested_by_customer', 'expired_uncaptured_charge'];

export function routeApi(store: FakeStripeStore, method: string, path: string, form: FormObject, baseUrl: string): unknown {
  const parts = path.split('/').slice(2).map(decodeURIComponent); // ['customers', 'cus_…'] …
  const [resource, id, action] = parts;
  const route = `${method} ${resource}${id === undefined ? '' : '/:id'}${action === undefined ? '' : `/${action}`}`;

  switch (route) {
    case 'GET account':
      return accountObject();
    case 'POST customers':
      return store.createCustomer({
        email: stringField(form, 'email') ?? null,
        name: stringField(form, 'name') ?? null,
        description: stringField(form, 'description') ?? null,
        metadata: metadataField(form),
      });
    case 'GET customers/:id':
      return store.customer(id ?? '');
    case 'DELETE customers/:id':
      return store.deleteCustomer(id ?? '');
    case 'POST checkout/:id':
      return id === 'sessions' ? createSession(store, form, baseUrl) : undefined;
    case 'GET setup_intents/:id': {
      const intent = store.setupIntent(id ?? '');
      return listField(form, 'expand').includes('payment_method') ? expandPaymentMethod(store, intent) : intent;
    }
    case 'POST payment_intents':
      return createPaymentIntent(store, form);
    case 'GET payment_intents/:id':
      return store.paymentIntent(id ?? '');
    case 'POST payment_intents/:id/cancel':
      return store.cancelPaymentIntent(id ?? '');
    case 'POST refunds': {
      const paymentIntent = stringField(form, 'payment_intent');
      if (paymentIntent === undefined) throw invalid('Missing required param: payment_intent.', 'payment_intent');
      const amount = integerField(form, 'amount');
      const reason = stringField(form, 'reason');
      if (reason !== undefined && !REFUND_REASONS.includes(reason as Stripe.Refund.Reason)) throw invalid(`Invalid reason: ${reason}`, 'reason');
      return store.createRefund({ paymentIntent, amount, reason: (reason as Stripe.Refund.Reason | undefined) ?? null, metadata: metadataField(form) });
    }
    case 'POST payment_methods/:id/detach':
      return store.detachPaymentMethod(id ?? '');
    case 'GET payment_methods/:id':
      return store.paymentMethod(id ?? '');
  }
  return checkoutSessionRoute(store, method, parts, form);
}

/** /v1/checkout/sessions/:id and /v1/checkout/sessions/:id/expire (one segment deeper than the others). */
function checkoutSessionRoute(store: FakeStripeStore, method: string, parts: string[], form: FormObject): unknown {
  const [resource, sub, id, action] = parts;
  if (resource !== 'checkout' || sub !== 'sessions') return undefined;
  if (id === undefined) return method === 'GET' ? sessionList([...store.sessions.keys()].map((key) => store.session(key)), form) : undefined;
  if (method === 'GET' && action === undefined) return expandSession(store, store.session(id), listField(form, 'expand'));
  if (method === 'POST' && action === 'expire') return store.expireSession(id);
  return undefined;
}

function createSession(store: FakeStripeStore, form: FormObject, baseUrl: string): Stripe.Checkout.Session {
  const mode = stringField(form, 'mode');
  if (mode === undefined) throw invalid('Missing required param: mode.', 'mode');
  if (mode !== 'setup' && mode !== 'payment') throw invalid(`The fake Stripe only supports modes 'setup' and 'payment' (got '${mode}').`, 'mode');
  const successUrl = stringField(form, 'success_url') ?? null;
  const cancelUrl = stringField(form, 'cancel_url') ?? null;
  for (const [param, value] of [['success_url', successUrl], ['cancel_url', cancelUrl]] as const) {
    if (value !== null && !URL.canParse(value)) throw invalid('Not a valid URL', param, 'url_invalid');
  }
  if (successUrl === null) throw invalid('Missing required param: success_url.', 'success_url');
  const expiresAt = integerField(form, 'expires_at');
  const common = { successUrl, cancelUrl, metadata: metadataField(form), expiresAt, clientReferenceId: stringField(form, 'client_reference_id') ?? null, baseUrl };
  if (mode === 'payment') return store.createPaymentSession({ ...common, ...paymentSessionInput(form) });
  const customer = stringField(form, 'customer');
  if (customer === undefined) throw invalid("The fake Stripe needs a customer for mode 'setup' (Mesa always creates one first).", 'customer');
  const currency = stringField(form, 'currency') ?? null;
  return store.createSetupSession({ ...common, customer, currency: currency === null ? null : currency.toLowerCase() });
}

function expandPaymentMethod(store: FakeStripeStore, intent: Stripe.SetupIntent): Stripe.SetupIntent {
  const method = typeof intent.payment_method === 'string' ? store.paymentMethod(intent.payment_method) : intent.payment_method;
  return { ...intent, payment_method: method };
}

function expandSession(store: FakeStripeStore, session: Stripe.Checkout.Session, expand: string[]): Stripe.Checkout.Session {
  const expanded = { ...session };
  if (expand.includes('customer') && typeof session.customer === 'string') expanded.customer = store.customer(session.customer);
  const wantsIntent = expand.includes('setup_intent') || expand.includes('setup_intent.payment_method');
  if (wantsIntent && typeof session.setup_intent === 'string') {
    const intent = store.setupIntent(session.setup_intent);
    expanded.setup_intent = expand.includes('setup_intent.payment_method') ? expandPaymentMethod(store, intent) : intent;
  }
  return expanded;
}

function createPaymentIntent(store: FakeStripeStore, form: FormObject): Stripe.PaymentIntent {
  const amount = integerField(form, 'amount');
  if (amount === undefined) throw invalid('Missing required param: amount.', 'amount');
  const currency = stringField(form, 'currency');
  if (currency === undefined) throw invalid('Missing required param: currency.', 'currency');
  const offSession = booleanField(form, 'off_session');
  const confirm = booleanField(form, 'confirm');
  if (offSession && !confirm) throw invalid('You may only specify `off_session` when `confirm=true`.', 'off_session');
  return store.createPaymentIntent({
    amount,
    currency: currency.toLowerCase(),
    customer: stringField(form, 'customer') ?? null,
    paymentMethod: stringField(form, 'payment_method') ?? null,
    description: stringField(form, 'description') ?? null,
    metadata: metadataField(form),
    confirm,
    offSession,
  });
}
