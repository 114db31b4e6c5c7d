import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Executor } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { MailTransport } from './mailer.ts';

export const OUTBOX_CHANNEL = 'mesa_outbox';

export interface NewEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  reservationId?: string | null;
}

/** Queues an email in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(tx: Executor, email: NewEmail): Promise<void> {
  await tx.insert(emailOutbox).values({
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    reservationId: email.reservationId ?? null,
  });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

export interface OutboxWorkerOptions {
  database: DatabaseHandle;
  transport: MailTransport;
  clock: Clock;
  from: string;
  messageIdDomain: string;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  pollIntervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed row stays reserved for this worker; a crashed worker's rows return after it. */
  leaseMs?: number;
}

interface ClaimedEmail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

export class OutboxWorker {
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun = false;
  private stopped = true;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.retryMaxMs = options.retryMaxMs ?? 60 * 60_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  private get db(): Database {
    return this.options.database.db;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.stopListening = await this.options.database.listen(OUTBOX_CHANNEL, () => this.wake());
    this.schedule();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.stopListening?.();
    await this.running?.catch(() => undefined);
  }

  /** Runs a delivery pass now (or right after the current one). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.drain()
      .catch((error) => {
        this.options.logger.warn({ err: error }, 'outbox pass failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.rerun) {
          this.rerun = false;
          this.wake();
        }
      });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.wake();
      this.schedule();
    }, this.pollIntervalMs);
    this.timer.unref();
  }

  /** Delivers every due email; returns how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      for (const email of batch) if (await this.deliver(email)) sent++;
    }
  }

  /** Rows locked by another instance are skipped, not waited for, so two instances never take the same row. */
  private async claim(): Promise<ClaimedEmail[]> {
    const now = this.options.clock.now();
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    const result = await this.db.execute(sql`
      update email_outbox set locked_until = ${leaseUntil}, attempts = attempts + 1
      where id in (
        select id from email_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= ${now}
          and (locked_until is null or locked_until <= ${now})
        order by next_attempt_at, id
        limit ${this.batchSize}
        for update skip locked
      )
      returning id, to_address, subject, text_body, html_body, attempts`);
    return (result as unknown as { rows: ClaimedEmail[] }).rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  private async deliver(email: ClaimedEmail): Promise<boolean> {
    const { transport, from, messageIdDomain, clock, logger } = this.options;
    try {
      await transport.send({
        from,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
        messageId: `<outbox-${email.id}@${messageIdDomain}>`,
      });
      await this.db.execute(
        sql`update email_outbox set sent_at = ${clock.now()}, locked_until = null, last_error = null where id = ${email.id}`,
      );
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = email.attempts >= this.maxAttempts;
      const retryAt = new Date(clock.now().getTime() + this.backoff(email.attempts));
      await this.db.execute(sql`
        update email_outbox set locked_until = null, last_error = ${message.slice(0, 1000)},
          next_attempt_at = ${retryAt}, failed_at = ${giveUp ? clock.now() : null}
        where id = ${email.id}`);
      logger.warn({ emailId: email.id, attempts: email.attempts, giveUp }, `email delivery failed: ${message}`);
      return false;
    }
  }

  /** Exponential backoff with jitter, capped. */
  private backoff(attempts: number): number {
    const exponential = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** (attempts - 1));
    return Math.round(exponential * (0.75 + Math.random() * 0.5));
  }
}
