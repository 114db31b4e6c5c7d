import Stripe from 'stripe';
import { Backoff, postWithRetries, type PostOutcome } from '../retrying-post.ts';

/*
 * Delivers each recorded event as Stripe does: a JSON POST with a `Stripe-Signature` header that the SDK's
 * `webhooks.constructEvent` accepts (made by the SDK's own generateTestHeaderString). A refused or unreachable
 * endpoint is tried again a few times with a short backoff; a failure is recorded, never thrown.
 */

const RETRY_DELAYS_MS = [200, 600, 1800];

export interface WebhookDelivery extends PostOutcome {
  eventId: string;
  eventType: string;
}

export class WebhookSender {
  private target: { url: string; secret: string } | null = null;
  private readonly signer = new Stripe('sk_test_fake_webhook_signer');
  private readonly pending = new Set<Promise<void>>();
  private readonly backoff = new Backoff();
  readonly deliveries: WebhookDelivery[] = [];

  configure(url: string | null, secret: string | null): void {
    if (url !== null && !secret) throw new Error('A webhook URL needs its signing secret (whsec_…)');
    this.target = url === null || !secret ? null : { url, secret };
  }

  send(event: { id: string; type: string }): void {
    if (this.target === null || this.backoff.closed) return;
    const { url, secret } = this.target;
    const payload = JSON.stringify(event, null, 2);
    const delivery: WebhookDelivery = { eventId: event.id, eventType: event.type, url, attempts: 0, status: null, delivered: false };
    this.deliveries.push(delivery);
    const run = this.attempt(delivery, payload, secret).finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  private attempt(delivery: WebhookDelivery, payload: string, secret: string): Promise<void> {
    const request = () => ({
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Stripe-Signature': this.signer.webhooks.generateTestHeaderString({ payload, secret }),
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    return postWithRetries(delivery, request, RETRY_DELAYS_MS, this.backoff);
  }

  /** Resolves once every delivery started so far has succeeded or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.backoff.close();
  }
}
