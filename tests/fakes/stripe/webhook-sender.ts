import Stripe from 'stripe';

/*
 * Delivers each recorded event as Stripe does: a JSON POST with a `Stripe-Signature` header that the SDK's
 * `webhooks.constructEvent` accepts (made by the SDK's own generateTestHeaderString). A refused or unreachable
 * endpoint is tried again a few times with a short backoff; a failure is recorded, never thrown.
 */

const RETRY_DELAYS_MS = [200, 600, 1800];

export interface WebhookDelivery {
  eventId: string;
  eventType: string;
  url: string;
  attempts: number;
  /** The last HTTP status, or null when the endpoint could not be reached. */
  status: number | null;
  delivered: boolean;
}

export class WebhookSender {
  private target: { url: string; secret: string } | null = null;
  private readonly signer = new Stripe('sk_test_fake_webhook_signer');
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  readonly deliveries: WebhookDelivery[] = [];

  configure(url: string | null, secret: string | null): void {
    if (url !== null && !secret) throw new Error('A webhook URL needs its signing secret (whsec_…)');
    this.target = url === null || !secret ? null : { url, secret };
  }

  send(event: { id: string; type: string }): void {
    if (this.target === null || this.closed) return;
    const { url, secret } = this.target;
    const payload = JSON.stringify(event, null, 2);
    const delivery: WebhookDelivery = { eventId: event.id, eventType: event.type, url, attempts: 0, status: null, delivered: false };
    this.deliveries.push(delivery);
    const run = this.attempt(delivery, payload, secret).finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  private async attempt(delivery: WebhookDelivery, payload: string, secret: string): Promise<void> {
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length && !this.closed; attempt++) {
      if (attempt > 0) await this.sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0);
      if (this.closed) return;
      delivery.attempts++;
      try {
        const header = this.signer.webhooks.generateTestHeaderString({ payload, secret });
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': header, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
          signal: AbortSignal.timeout(5000),
        });
        await response.arrayBuffer().catch(() => undefined);
        delivery.status = response.status;
        if (response.ok) {
          delivery.delivered = true;
          return;
        }
      } catch {
        delivery.status = null;
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Resolves once every delivery started so far has succeeded or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
