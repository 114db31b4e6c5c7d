// Stripe as Mesa's payment provider (issue 45): Checkout in setup mode saves the card (Stripe handles SCA and the
// card number), off-session PaymentIntents charge it, Refunds give money back, and webhooks are verified with the
// SDK. STRIPE_API_URL points the SDK at another host (the local fake), through its documented options.
import Stripe from 'stripe';
import type { Language } from '@shared/i18n/languages.ts';
import { paymentsMessages } from '@shared/staff-messages/payments.ts';
import {
  type AuthorizationPage,
  type AuthorizationPageState,
  type ChargeOutcome,
  type ConnectionCheck,
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  ProviderUnavailableError,
  type SetupState,
} from './provider.ts';
import { callStripe, declineReason, unavailable } from './stripe-errors.ts';

const text = paymentsMessages.provider;

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string | null;
}

/** Checkout's page languages; Catalan has none of its own, so Spanish. */
const CHECKOUT_LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = {
  es: 'es',
  ca: 'es',
  en: 'en',
  fr: 'fr',
  de: 'de',
  it: 'it',
};

export function stripeClient(secretKey: string, apiUrl: URL | undefined): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(apiUrl && {
      host: apiUrl.hostname,
      port: Number(apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80)),
      protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

function cardLabel(method: Stripe.PaymentMethod): string | null {
  const card = method.card;
  if (!card) return null;
  const brand = (card.display_brand ?? card.brand).replaceAll('_', ' ');
  return `${brand.charAt(0).toUpperCase()}${brand.slice(1)} ···· ${card.last4}`;
}


export function stripeProvider(keys: StripeKeys, apiUrl: URL | undefined): PaymentProvider {
  const stripe = stripeClient(keys.secretKey, apiUrl);
  const forgetCustomer = async (customerRef: string) => {
    try {
      await stripe.customers.del(customerRef);
    } catch (error) {
      // Already deleted: forgotten either way.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable(error);
    }
  };
  return {
    name: 'stripe',

    async createSetup(request) {
      const customer = await callStripe(() =>
        stripe.customers.create(
          { email: request.guest.email, name: request.guest.name, phone: request.guest.phone, metadata: { hold_id: request.holdId } },
          { idempotencyKey: `customer-${request.holdId}-${request.startedAt.getTime()}` },
        ),
      );
      const session = await callStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'setup',
          currency: 'eur',
          allowed_payment_method_types: ['card'],
          customer: customer.id,
          client_reference_id: request.holdId,
          locale: CHECKOUT_LOCALES[request.language],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.ceil(request.expiresAt.getTime() / 1000),
          metadata: { hold_id: request.holdId, amount: String(request.amountCents) },
          setup_intent_data: { description: request.description, metadata: { hold_id: request.holdId } },
          custom_text: { submit: { message: request.description } },
        }),
      );
      if (!session.url) throw new ProviderUnavailableError(text.unreachable);
      return { customerRef: customer.id, checkoutRef: session.id, url: session.url };
    },

    async setupState(checkoutRef): Promise<SetupState> {
      const session = await callStripe(() => stripe.checkout.sessions.retrieve(checkoutRef, { expand: ['setup_intent.payment_method'] }));
      if (session.status === 'open' && session.url) return { state: 'open', url: session.url };
      const intent = session.setup_intent;
      if (session.status === 'complete' && intent && typeof intent !== 'string' && intent.payment_method && typeof intent.payment_method !== 'string') {
        const customerRef = idOf(session.customer) ?? idOf(intent.payment_method.customer);
        if (customerRef) {
          return { state: 'complete', card: { customerRef, paymentMethodRef: intent.payment_method.id, cardLabel: cardLabel(intent.payment_method) } };
        }
      }
      return { state: 'expired' };
    },

    async expireSetup(checkoutRef) {
      try {
        await stripe.checkout.sessions.expire(checkoutRef);
      } catch (error) {
        // A session already completed or expired cannot be expired: nothing to end.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw unavailable(error);
      }
    },

    async chargeSavedCard(request): Promise<ChargeOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'eur',
            customer: request.card.customerRef,
            payment_method: request.card.paymentMethodRef,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { reservation_id: request.reservationId, charge_id: request.chargeId },
          },
          { idempotencyKey: `charge-${request.chargeId}` },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', ref: intent.id };
        if (intent.status === 'requires_action') return { status: 'requires_authorization', ref: intent.id };
        return { status: 'failed', ref: intent.id, reason: text.declines.generic };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const ref = error.payment_intent?.id ?? null;
          if (error.code === 'authentication_required' && ref) return { status: 'requires_authorization', ref };
          return { status: 'failed', ref, reason: declineReason(error) };
        }
        throw unavailable(error);
      }
    },

    async authorizationPage(request): Promise<AuthorizationPage> {
      if (request.attemptRef && (await cancelAttempt(stripe, request.attemptRef)) === 'succeeded') return { state: 'paid' };
      const sessions = await callStripe(() => stripe.checkout.sessions.list({ customer: request.customerRef, limit: 100 }));
      const pages = sessions.data.filter((session) => session.mode === 'payment' && session.metadata?.charge_id === request.chargeId);
      if (pages.some((session) => session.status === 'complete')) return { state: 'paid' };
      const open = pages.find((session) => session.status === 'open' && session.url);
      if (open?.url) return { state: 'open', url: open.url };
      // Keyed by how many pages the charge had: two clicks at once make one page, and one made after the last
      // expired (Stripe's own 24 hours) is a new one.
      const session = await callStripe(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer: request.customerRef,
            client_reference_id: request.chargeId,
            locale: CHECKOUT_LOCALES[request.language],
            line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: request.amountCents, product_data: { name: request.description } } }],
            payment_intent_data: { description: request.description, metadata: { charge_id: request.chargeId } },
            metadata: { charge_id: request.chargeId },
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `charge-page-${request.chargeId}-${pages.length}` },
        ),
      );
      if (!session.url) throw new ProviderUnavailableError(text.unreachable);
      return { state: 'open', url: session.url };
    },

    async authorizationPageState(pageRef): Promise<AuthorizationPageState | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(pageRef);
      } catch (error) {
        // No such session (or not this account's): nothing to tell.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw unavailable(error);
      }
      const chargeId = session.mode === 'payment' ? session.metadata?.charge_id : undefined;
      if (!chargeId) return null;
      const paid = session.status === 'complete' && session.payment_status === 'paid';
      return { chargeId, paidRef: paid ? idOf(session.payment_intent) : null };
    },

    async refund(request) {
      const refund = await callStripe(() =>
        stripe.refunds.create(
          { payment_intent: request.chargeRef, amount: request.amountCents, reason: 'requested_by_customer', metadata: { refund_id: request.refundId } },
          { idempotencyKey: `refund-${request.refundId}` },
        ),
      );
      return { ref: refund.id };
    },

    async release(card) {
      try {
        await stripe.paymentMethods.detach(card.paymentMethodRef);
      } catch (error) {
        // Already detached (or never attached): the card is released either way.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable(error);
      }
      await forgetCustomer(card.customerRef);
    },

    forgetCustomer,

    verifyEvent(rawBody, signatureHeader): PaymentEvent {
      if (!keys.webhookSecret || !signatureHeader) throw new InvalidSignatureError('missing signature or secret');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, keys.webhookSecret);
      } catch (error) {
        throw new InvalidSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      return eventOf(event);
    },

    async checkConnection(): Promise<ConnectionCheck> {
      try {
        const account = await stripe.accounts.retrieveCurrent();
        return {
          ok: true,
          accountName: account.settings?.dashboard?.display_name ?? account.business_profile?.name ?? account.email ?? null,
          livemode: keys.secretKey.startsWith('sk_live_') || keys.secretKey.startsWith('rk_live_'),
        };
      } catch (error) {
        return { ok: false, reason: unavailable(error).message };
      }
    },
  };
}

/** Cancels the off-session attempt that asked for authentication, so that only the approval page can charge. */
async function cancelAttempt(stripe: Stripe, ref: string): Promise<Stripe.PaymentIntent.Status> {
  const intent = await callStripe(() => stripe.paymentIntents.retrieve(ref));
  if (intent.status === 'succeeded' || intent.status === 'canceled') return intent.status;
  try {
    return (await stripe.paymentIntents.cancel(ref)).status;
  } catch (error) {
    // Cancelled or completed meanwhile: what it is now decides.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return (await callStripe(() => stripe.paymentIntents.retrieve(ref))).status;
    throw unavailable(error);
  }
}

function eventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'setup') return { ...base, kind: 'setup_completed', checkoutRef: session.id };
      const chargeRef = idOf(session.payment_intent);
      const chargeId = session.metadata?.charge_id ?? null;
      return session.payment_status === 'paid' && chargeRef && chargeId ? { ...base, kind: 'charge_succeeded', chargeRef, chargeId } : { ...base, kind: 'ignored' };
    }
    case 'checkout.session.expired':
      return { ...base, kind: 'setup_expired', checkoutRef: event.data.object.id };
    case 'payment_intent.succeeded':
      return { ...base, kind: 'charge_succeeded', chargeRef: event.data.object.id, chargeId: event.data.object.metadata.charge_id ?? null };
    case 'payment_intent.payment_failed':
      return { ...base, kind: 'charge_failed', chargeRef: event.data.object.id, reason: event.data.object.last_payment_error?.message ?? text.declines.generic };
    case 'charge.refunded': {
      const chargeRef = idOf(event.data.object.payment_intent);
      return chargeRef ? { ...base, kind: 'refunded', chargeRef, refundedCents: event.data.object.amount_refunded } : { ...base, kind: 'ignored' };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}
