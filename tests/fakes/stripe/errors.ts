import type Stripe from 'stripe';

/** An error answer in Stripe's shape: `{ error: { type, message, code?, param?, ... } }` with its HTTP status. */
export class FakeStripeError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404 | 409,
    readonly body: {
      type: 'invalid_request_error' | 'card_error' | 'idempotency_error';
      message: string;
      code?: string;
      decline_code?: string;
      param?: string;
      payment_intent?: Stripe.PaymentIntent;
    },
  ) {
    super(body.message);
  }
}

export function notFound(kind: string, id: string, param = 'id'): FakeStripeError {
  return new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

export function invalid(message: string, param?: string, code?: string): FakeStripeError {
  return new FakeStripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}
