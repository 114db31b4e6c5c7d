import type Stripe from 'stripe';
import { invalid } from './errors.ts';
import { type FormObject, type FormValue, integerField, metadataField, stringField } from './form-body.ts';

/*
 * Checkout in payment mode, as Mesa asks for it when a guest's bank held back a no-show charge: one line with
 * inline price_data, the customer, and payment_intent_data for the PaymentIntent the page creates on payment.
 */

export interface PaymentSessionInput {
  customer: string;
  amount: number;
  currency: string;
  intentDescription: string | null;
  intentMetadata: Stripe.Metadata;
}

const objectOf = (value: FormValue | undefined): FormObject | undefined =>
  value !== undefined && typeof value !== 'string' && !Array.isArray(value) ? value : undefined;

export function paymentSessionInput(form: FormObject): PaymentSessionInput {
  const customer = stringField(form, 'customer');
  if (customer === undefined) throw invalid("The fake Stripe needs a customer for mode 'payment' (Mesa passes the guest's).", 'customer');
  const lines = form.line_items;
  if (!Array.isArray(lines) || lines.length !== 1) throw invalid("The fake Stripe supports exactly one line item in mode 'payment'.", 'line_items');
  const line = objectOf(lines[0]);
  const price = objectOf(line?.price_data);
  if (!line || !price) throw invalid('The fake Stripe needs line_items[0][price_data].', 'line_items');
  const unitAmount = integerField(price, 'unit_amount');
  const quantity = integerField(line, 'quantity') ?? 1;
  const currency = stringField(price, 'currency');
  if (unitAmount === undefined || !Number.isInteger(unitAmount) || unitAmount < 50) {
    throw invalid('line_items[0][price_data][unit_amount] must be at least 50 cents.', 'line_items[0][price_data][unit_amount]');
  }
  if (currency === undefined) throw invalid('Missing required param: line_items[0][price_data][currency].', 'line_items[0][price_data][currency]');
  if (!objectOf(price.product_data) || stringField(objectOf(price.product_data) ?? {}, 'name') === undefined) {
    throw invalid('Missing required param: line_items[0][price_data][product_data][name].', 'line_items[0][price_data][product_data][name]');
  }
  const intentData = objectOf(form.payment_intent_data) ?? {};
  return {
    customer,
    amount: unitAmount * quantity,
    currency: currency.toLowerCase(),
    intentDescription: stringField(intentData, 'description') ?? null,
    intentMetadata: metadataField(intentData),
  };
}

/** GET /v1/checkout/sessions: newest first, filtered by customer and status as Stripe does. */
export function sessionList(sessions: Iterable<Stripe.Checkout.Session>, form: FormObject): Stripe.ApiList<Stripe.Checkout.Session> {
  const customer = stringField(form, 'customer');
  const status = stringField(form, 'status');
  const limit = integerField(form, 'limit') ?? 10;
  const matching = [...sessions]
    .filter((session) => (customer === undefined || session.customer === customer) && (status === undefined || session.status === status))
    .reverse();
  return { object: 'list', data: matching.slice(0, limit), has_more: matching.length > limit, url: '/v1/checkout/sessions' };
}
