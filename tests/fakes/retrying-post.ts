/*
 * How the local fakes deliver their callbacks (Stripe's webhooks, WhatsApp's and Twilio's callbacks): a POST, tried
 * again after each delay when refused or unreachable; the outcome is recorded on the delivery, never thrown.
 */

export interface PostOutcome {
  url: string;
  attempts: number;
  /** The last HTTP status, or null when the endpoint could not be reached. */
  status: number | null;
  delivered: boolean;
}

/** The waits between attempts; close() ends them at once and stops further attempts. */
export class Backoff {
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  closed = false;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
  }
}

/** `request` is called for each attempt (a signature may carry the attempt's time). */
export async function postWithRetries(outcome: PostOutcome, request: () => { headers: Record<string, string>; body: string }, delaysMs: readonly number[], backoff: Backoff): Promise<void> {
  for (let attempt = 0; attempt <= delaysMs.length && !backoff.closed; attempt++) {
    if (attempt > 0) await backoff.sleep(delaysMs[attempt - 1] ?? 0);
    if (backoff.closed) return;
    outcome.attempts++;
    try {
      const { headers, body } = request();
      const response = await fetch(outcome.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer().catch(() => undefined);
      outcome.status = response.status;
      if (response.ok) {
        outcome.delivered = true;
        return;
      }
    } catch {
      outcome.status = null;
    }
  }
}
