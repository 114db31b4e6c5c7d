import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/*
 * Stripe objects as the API returns them, typed by the SDK's own interfaces: a field Stripe adds or makes required
 * in a newer `stripe` package is a tsc error here, not a surprise in production. Values are what a test-mode
 * account answers for a card payment in euros.
 */

export type IdPrefix = 'cus' | 'cs_test' | 'seti' | 'pm' | 'pi' | 're' | 'evt' | 'ch' | 'req';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replaceAll(/[-_]/g, 'x')}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function customerObject(input: { email: string | null; name: string | null; description: string | null; metadata: Stripe.Metadata }): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    balance: 0,
    created: nowSeconds(),
    default_source: null,
    description: input.description,
    email: input.email,
    name: input.name,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    shipping: null,
  };
}

export function setupCheckoutSession(input: {
  customer: string;
  currency: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: Stripe.Metadata;
  expiresAt: number;
  clientReferenceId: string | null;
  baseUrl: string;
}): Stripe.Checkout.Session {
  const id = newId('cs_test');
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: null,
    amount_total: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: nowSeconds(),
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    discounts: null,
    expires_at: input.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'setup',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'no_payment_required',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: null,
    ui_mode: 'hosted',
    url: `${input.baseUrl}/pay/${id}`,
    wallet_options: null,
  };
}

/** A Visa test card (4242), as the Checkout page "enters" it. */
export function cardPaymentMethod(customer: string | null): Stripe.PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: 'visa',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: 'visa',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      fingerprint: 'fakeFingerprint4242',
      funding: 'credit',
      generated_from: null,
      last4: '4242',
      networks: { available: ['visa'], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function succeededSetupIntent(input: { customer: string; paymentMethod: string; metadata: Stripe.Metadata }): Stripe.SetupIntent {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    created: nowSeconds(),
    customer: input.customer,
    description: null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'succeeded',
    usage: 'off_session',
  };
}

export function paymentIntentObject(input: {
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string | null;
  description: string | null;
  metadata: Stripe.Metadata;
}): Stripe.PaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.paymentMethod === null ? 'requires_payment_method' : 'requires_confirmation',
    transfer_group: null,
  };
}

export function refundObject(input: { amount: number; intent: Stripe.PaymentIntent; reason: Stripe.Refund.Reason | null; metadata: Stripe.Metadata }): Stripe.Refund {
  return {
    id: newId('re'),
    object: 'refund',
    amount: input.amount,
    balance_transaction: null,
    charge: typeof input.intent.latest_charge === 'string' ? input.intent.latest_charge : null,
    created: nowSeconds(),
    currency: input.intent.currency,
    customer: typeof input.intent.customer === 'string' ? input.intent.customer : null,
    customer_account: null,
    metadata: input.metadata,
    payment_intent: input.intent.id,
    payment_method: typeof input.intent.payment_method === 'string' ? input.intent.payment_method : null,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** The fields every event shares; the caller adds `type` and `data` so tsc checks the pair against Stripe.Event. */
export function eventBase(): Omit<Stripe.EventBase, 'type' | 'data'> {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: null,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** GET /v1/account, with the fields Mesa reads ('Probar conexión'): the test account's own. */
export function accountObject(): Pick<Stripe.Account, 'id' | 'object' | 'email' | 'country' | 'default_currency' | 'charges_enabled' | 'type'> & {
  business_profile: Pick<Stripe.Account.BusinessProfile, 'name'>;
  settings: { dashboard: Stripe.Account.Settings.Dashboard };
} {
  return {
    id: 'acct_fakemesa0000001',
    object: 'account',
    email: 'pagos@example.com',
    country: 'ES',
    default_currency: 'eur',
    charges_enabled: true,
    type: 'standard',
    business_profile: { name: 'Restaurante de prueba' },
    settings: { dashboard: { display_name: 'Restaurante de prueba', timezone: 'Europe/Madrid' } },
  };
}
