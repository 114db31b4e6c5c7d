// Issue 45: Stripe connected in a test app's 'Pagos' (keys sealed as the tab seals them), and the fake's
// Checkout page answered like a guest would.
import Stripe from 'stripe';
import { paymentSettings } from '../../src/server/db/schema.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import type { TestApp } from './test-app.ts';

export async function connectStripe(app: TestApp, webhookSecret: string, secretKey = 'sk_test_mesa_guarantee'): Promise<void> {
  const { box } = paymentsContext(app.config);
  await app.instance.database.db
    .insert(paymentSettings)
    .values({ secretKeyCiphertext: box.seal(secretKey), webhookSecretCiphertext: box.seal(webhookSecret), livemode: false })
    .onConflictDoNothing();
}

/** Presses a button of the fake's Checkout page; answers where Stripe sends the guest back. */
export async function payOnFakeCheckout(checkoutUrl: string, choice: 'pay' | 'pay_authentication_required' | 'cancel' = 'pay'): Promise<string> {
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    body: new URLSearchParams({ choice }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 303 && response.status !== 302) throw new Error(`the fake Checkout page answered ${response.status}`);
  return location!;
}

/** An event body and a signature header made with the SDK's own test helper, as Stripe would send them. */
export function signedEvent(event: unknown, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret }) };
}
