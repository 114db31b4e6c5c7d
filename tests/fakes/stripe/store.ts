import type Stripe from 'stripe';
import { succeededCharge } from './charge-object.ts';
import { FakeStripeError, invalid, notFound } from './errors.ts';
import type { PaymentSessionInput } from './payment-session.ts';
import {
  cardPaymentMethod,
  customerObject,
  eventBase,
  newId,
  nowSeconds,
  paymentIntentObject,
  refundObject,
  setupCheckoutSession,
  succeededSetupIntent,
} from './objects.ts';

/*
 * The fake's state: the objects Mesa's card guarantee touches, and the rules Stripe applies to them (a session
 * completes or expires once, a charge off-session may be declined or need the cardholder, a refund never exceeds
 * what was charged). Every change that Stripe announces by webhook records its Stripe.Event through `onEvent`.
 */

type SessionInput = Omit<Parameters<typeof setupCheckoutSession>[0], 'expiresAt'> & { expiresAt: number | undefined };

export type ChargeOutcome = 'authentication_required' | 'card_declined';

export class FakeStripeStore {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly sessions = new Map<string, Stripe.Checkout.Session>();
  readonly setupIntents = new Map<string, Stripe.SetupIntent>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly events: Stripe.Event[] = [];
  /** Outcomes for the next off-session charge, by customer or payment method id. */
  private readonly nextCharge = new Map<string, ChargeOutcome>();
  /** Payment-mode sessions' amount and payment_intent_data, for the PaymentIntent their payment creates. */
  private readonly paymentData = new Map<string, PaymentSessionInput>();
  /** Cards that always ask for authentication off-session (Stripe's 4000 0027 6000 3184). */
  private readonly authenticationCards = new Set<string>();

  constructor(private readonly onEvent: (event: Stripe.Event) => void) {}

  private record(event: Stripe.Event): void {
    this.events.push(event);
    this.onEvent(event);
  }

  createCustomer(input: Parameters<typeof customerObject>[0]): Stripe.Customer {
    const customer = customerObject(input);
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string): Stripe.Customer {
    const customer = this.customers.get(id);
    if (!customer) throw notFound('customer', id);
    return customer;
  }

  /** Stripe deletes the customer and detaches its payment methods; a deleted customer is then 'No such customer'. */
  deleteCustomer(id: string): Stripe.DeletedCustomer {
    this.customer(id);
    this.customers.delete(id);
    for (const method of this.paymentMethods.values()) if (method.customer === id) method.customer = null;
    return { id, object: 'customer', deleted: true };
  }

  createSetupSession(input: SessionInput): Stripe.Checkout.Session {
    this.customer(input.customer);
    const session = setupCheckoutSession({ ...input, expiresAt: this.expiresAt(input.expiresAt) });
    this.sessions.set(session.id, session);
    return session;
  }

  /** Checkout in payment mode: the page's payment creates a PaymentIntent with `payment_intent_data`. */
  createPaymentSession(input: Omit<SessionInput, 'currency'> & PaymentSessionInput): Stripe.Checkout.Session {
    this.customer(input.customer);
    const session: Stripe.Checkout.Session = {
      ...setupCheckoutSession({ ...input, expiresAt: this.expiresAt(input.expiresAt) }),
      mode: 'payment',
      amount_subtotal: input.amount,
      amount_total: input.amount,
      payment_status: 'unpaid',
      payment_method_collection: 'if_required',
    };
    this.sessions.set(session.id, session);
    this.paymentData.set(session.id, input);
    return session;
  }

  private expiresAt(requested: number | undefined): number {
    const now = nowSeconds();
    // Stripe: expires_at between 30 minutes and 24 hours from now; default 24 hours.
    const expiresAt = requested ?? now + 24 * 3600;
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600 + 5) {
      throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    return expiresAt;
  }

  /** The session, expired first if its expires_at has passed (Stripe expires open sessions on time). */
  session(id: string): Stripe.Checkout.Session {
    const session = this.sessions.get(id);
    if (!session) throw notFound('checkout.session', id, 'session');
    if (session.status === 'open' && session.expires_at <= nowSeconds()) this.markExpired(session);
    return session;
  }

  expireSession(id: string): Stripe.Checkout.Session {
    const session = this.session(id);
    if (session.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    }
    this.markExpired(session);
    return session;
  }

  private markExpired(session: Stripe.Checkout.Session): void {
    session.status = 'expired';
    session.url = null;
    this.record({ ...eventBase(), type: 'checkout.session.expired', data: { object: structuredClone(session) } });
  }

  /**
   * What the hosted page's 'Pagar' does. Setup mode: a card saved through a succeeded SetupIntent. Payment mode: a
   * PaymentIntent confirmed on-session (the guest is there to authenticate) and succeeded. Then the session is complete.
   */
  completeSession(id: string, card: 'plain' | 'authentication_required'): Stripe.Checkout.Session {
    const session = this.session(id);
    if (session.status !== 'open') throw invalid(`This Checkout Session is no longer open (status ${session.status}).`);
    const customer = typeof session.customer === 'string' ? session.customer : null;
    if (customer === null) throw invalid('The fake only completes sessions created with a customer.');
    const paymentMethod = cardPaymentMethod(customer);
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    const payment = this.paymentData.get(id);
    if (payment) return this.completePayment(session, payment, paymentMethod.id);
    if (card === 'authentication_required') this.authenticationCards.add(paymentMethod.id);
    const intent = succeededSetupIntent({ customer, paymentMethod: paymentMethod.id, metadata: session.metadata ?? {} });
    this.setupIntents.set(intent.id, intent);
    session.setup_intent = intent.id;
    session.status = 'complete';
    session.url = null;
    this.record({ ...eventBase(), type: 'checkout.session.completed', data: { object: structuredClone(session) } });
    return session;
  }

  private completePayment(session: Stripe.Checkout.Session, payment: PaymentSessionInput, paymentMethod: string): Stripe.Checkout.Session {
    const intent = this.createPaymentIntent({
      amount: payment.amount,
      currency: payment.currency,
      customer: payment.customer,
      paymentMethod,
      description: payment.intentDescription,
      metadata: payment.intentMetadata,
      confirm: true,
      offSession: false,
    });
    session.payment_intent = intent.id;
    session.payment_status = 'paid';
    session.status = 'complete';
    session.url = null;
    this.record({ ...eventBase(), type: 'checkout.session.completed', data: { object: structuredClone(session) } });
    return session;
  }

  setupIntent(id: string): Stripe.SetupIntent {
    const intent = this.setupIntents.get(id);
    if (!intent) throw notFound('setup_intent', id, 'intent');
    return intent;
  }

  paymentMethod(id: string): Stripe.PaymentMethod {
    const method = this.paymentMethods.get(id);
    if (!method) throw notFound('PaymentMethod', id, 'payment_method');
    return method;
  }

  detachPaymentMethod(id: string): Stripe.PaymentMethod {
    const method = this.paymentMethod(id);
    if (method.customer === null) {
      throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    }
    method.customer = null;
    return method;
  }

  failNextCharge(outcome: ChargeOutcome, target: string): void {
    this.nextCharge.set(target, outcome);
  }

  createPaymentIntent(input: Parameters<typeof paymentIntentObject>[0] & { confirm: boolean; offSession: boolean }): Stripe.PaymentIntent {
    if (!Number.isInteger(input.amount) || input.amount < 50) {
      throw invalid('Amount must be at least €0.50 eur', 'amount', 'amount_too_small');
    }
    if (input.customer !== null) this.customer(input.customer);
    if (input.paymentMethod !== null) {
      const method = this.paymentMethod(input.paymentMethod);
      if (input.customer !== null && method.customer !== input.customer) {
        throw invalid(`The provided PaymentMethod ${method.id} does not belong to the Customer ${input.customer}.`, 'payment_method');
      }
    }
    const intent = paymentIntentObject(input);
    this.paymentIntents.set(intent.id, intent);
    if (input.confirm && intent.payment_method !== null) this.confirm(intent, input.offSession);
    return intent;
  }

  paymentIntent(id: string): Stripe.PaymentIntent {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw notFound('payment_intent', id, 'intent');
    return intent;
  }

  /** Stripe cancels a PaymentIntent in any state but succeeded and canceled. */
  cancelPaymentIntent(id: string): Stripe.PaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`, undefined, 'payment_intent_unexpected_state');
    }
    intent.status = 'canceled';
    intent.canceled_at = nowSeconds();
    intent.next_action = null;
    this.record({ ...eventBase(), type: 'payment_intent.canceled', data: { object: structuredClone(intent) } });
    return intent;
  }

  private takeOutcome(intent: Stripe.PaymentIntent, offSession: boolean): ChargeOutcome | null {
    const method = typeof intent.payment_method === 'string' ? intent.payment_method : null;
    const customer = typeof intent.customer === 'string' ? intent.customer : null;
    for (const key of [method, customer]) {
      const outcome = key === null ? undefined : this.nextCharge.get(key);
      if (key !== null && outcome !== undefined) {
        this.nextCharge.delete(key);
        return outcome;
      }
    }
    return offSession && method !== null && this.authenticationCards.has(method) ? 'authentication_required' : null;
  }

  private confirm(intent: Stripe.PaymentIntent, offSession: boolean): void {
    const outcome = this.takeOutcome(intent, offSession);
    if (outcome === null) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      const charge = succeededCharge(intent);
      this.charges.set(charge.id, charge);
      intent.latest_charge = charge.id;
      this.record({ ...eventBase(), type: 'payment_intent.succeeded', data: { object: structuredClone(intent) } });
      return;
    }
    const authentication = outcome === 'authentication_required';
    const message = authentication
      ? 'Your card was declined. This transaction requires authentication.'
      : 'Your card was declined.';
    const declineCode = authentication ? 'authentication_required' : 'generic_decline';
    intent.status = authentication ? 'requires_action' : 'requires_payment_method';
    intent.latest_charge = newId('ch');
    intent.last_payment_error = {
      type: 'card_error',
      code: outcome,
      decline_code: declineCode,
      message,
      payment_method: typeof intent.payment_method === 'string' ? this.paymentMethods.get(intent.payment_method) : undefined,
    };
    if (authentication) {
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
    } else intent.payment_method = null;
    this.record({ ...eventBase(), type: 'payment_intent.payment_failed', data: { object: structuredClone(intent) } });
    throw new FakeStripeError(402, {
      type: 'card_error',
      code: outcome,
      decline_code: declineCode,
      message,
      payment_intent: structuredClone(intent),
    });
  }

  createRefund(input: { paymentIntent: string; amount: number | undefined; reason: Stripe.Refund.Reason | null; metadata: Stripe.Metadata }): Stripe.Refund {
    const intent = this.paymentIntent(input.paymentIntent);
    if (intent.status !== 'succeeded') {
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent');
    }
    const charge = this.charges.get(String(intent.latest_charge));
    if (!charge) throw notFound('charge', String(intent.latest_charge), 'charge');
    const left = charge.amount_captured - charge.amount_refunded;
    if (left <= 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    }
    const amount = input.amount ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw invalid(`Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`, 'amount');
    }
    const refund = refundObject({ amount, intent, reason: input.reason, metadata: input.metadata });
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    this.record({ ...eventBase(), type: 'refund.created', data: { object: structuredClone(refund) } });
    this.record({ ...eventBase(), type: 'charge.refunded', data: { object: structuredClone(charge) } });
    return refund;
  }
}

export { FakeStripeError };
