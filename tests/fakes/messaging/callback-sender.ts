import { Backoff, postWithRetries, type PostOutcome } from '../retrying-post.ts';
import type { Channel } from './store.ts';

/*
 * Delivers the fake's signed callbacks (built in callbacks.ts). The callbacks about one message go out one after
 * another, so 'sent' never overtakes 'delivered'; a refused or unreachable endpoint is tried again a few times with
 * a short backoff; a failure is recorded, never thrown.
 */

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [200, 600, 1800];

export interface CallbackDelivery extends PostOutcome {
  channel: Channel;
  kind: 'status' | 'message';
  /** The message the callback is about: the one sent (status) or the guest's (message). */
  messageId: string;
  headers: Record<string, string>;
  /** The exact bytes signed and sent. */
  body: string;
}

export type CallbackRequest = Pick<CallbackDelivery, 'channel' | 'kind' | 'messageId' | 'url' | 'headers' | 'body'>;

export class CallbackSender {
  readonly deliveries: CallbackDelivery[] = [];
  private readonly chains = new Map<string, Promise<void>>();
  private readonly pending = new Set<Promise<void>>();
  private readonly backoff = new Backoff();

  constructor(private readonly retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS) {}

  /** Queues a delivery after the earlier ones with the same `orderKey` (the conversation's message id). */
  send(request: CallbackRequest, orderKey: string): void {
    if (this.backoff.closed) return;
    const delivery: CallbackDelivery = { ...request, attempts: 0, status: null, delivered: false };
    this.deliveries.push(delivery);
    const attempt = () => postWithRetries(delivery, () => delivery, this.retryDelaysMs, this.backoff);
    const run = (this.chains.get(orderKey) ?? Promise.resolve()).then(attempt);
    this.chains.set(orderKey, run);
    this.pending.add(run);
    void run.finally(() => {
      this.pending.delete(run);
      if (this.chains.get(orderKey) === run) this.chains.delete(orderKey);
    });
  }

  /** Resolves once every delivery queued so far (and any queued meanwhile) has succeeded or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.backoff.close();
  }
}
