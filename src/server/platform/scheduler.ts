import { Cron } from 'croner';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { madridInstant } from '@shared/rules/madrid-time.ts';
import type { Clock } from './clock.ts';

export interface ScheduledJob {
  name: string;
  /** Called once a minute; the job decides whether something is due and claims it with claimJobRun. */
  tick(now: Date): Promise<void>;
}

/**
 * Claims one run of a job for one period. The (job, period) primary key lets exactly one instance win, so with
 * several instances on one database a report or a reminder batch happens once.
 */
export async function claimJobRun(db: Database, jobName: string, scheduledFor: Date, claimedBy: string): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ jobName, scheduledFor, claimedBy })
    .onConflictDoNothing()
    .returning({ jobName: jobRuns.jobName });
  return rows.length === 1;
}

export async function finishJobRun(db: Database, jobName: string, scheduledFor: Date, finishedAt: Date, error?: string) {
  await db
    .update(jobRuns)
    .set({ finishedAt, error: error ?? null })
    .where(and(eq(jobRuns.jobName, jobName), eq(jobRuns.scheduledFor, scheduledFor)));
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Runs `work` for the minute of `now` on the one instance that claims it, records how it ended, and forgets claims
 * older than a day (a claim only matters while instances may still race for its minute).
 */
export function runOncePerMinute(db: Database, jobName: string, now: Date, claimedBy: string, work: () => Promise<void>): Promise<void> {
  return runClaimedPeriod(db, jobName, startOf(now, MINUTE_MS), claimedBy, work);
}

/** As runOncePerMinute, for the hour of `now` (Madrid's hours start on UTC's); `work` is given the hour's start. */
export function runOncePerHour(db: Database, jobName: string, now: Date, claimedBy: string, work: (hour: Date) => Promise<void>): Promise<void> {
  const hour = startOf(now, HOUR_MS);
  return runClaimedPeriod(db, jobName, hour, claimedBy, () => work(hour));
}

const startOf = (now: Date, periodMs: number) => new Date(Math.floor(now.getTime() / periodMs) * periodMs);

async function runClaimedPeriod(db: Database, jobName: string, period: Date, claimedBy: string, work: () => Promise<void>): Promise<void> {
  if (!(await claimJobRun(db, jobName, period, claimedBy))) return;
  try {
    await work();
    await finishJobRun(db, jobName, period, new Date());
    await db.delete(jobRuns).where(and(eq(jobRuns.jobName, jobName), lt(jobRuns.scheduledFor, new Date(period.getTime() - DAY_MS))));
  } catch (error) {
    await finishJobRun(db, jobName, period, new Date(), String(error));
    throw error;
  }
}

/** Runs `work` once for the Madrid `date` ('yyyy-MM-dd'), on the one instance that claims that day. */
export async function runOncePerDay(db: Database, jobName: string, date: string, claimedBy: string, work: () => Promise<void>): Promise<void> {
  const day = madridInstant(date, '00:00');
  if (!(await claimJobRun(db, jobName, day, claimedBy))) return;
  try {
    await work();
    await finishJobRun(db, jobName, day, new Date());
  } catch (error) {
    await finishJobRun(db, jobName, day, new Date(), String(error));
    throw error;
  }
}

/** Ticks every job once a minute, in this process; jobs themselves guarantee once-only across instances. */
export class Scheduler {
  private cron: Cron | null = null;
  private ticking: Promise<void> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly jobs: ScheduledJob[],
    private readonly logger: { warn(obj: object, msg: string): void },
  ) {}

  start(): void {
    // A few seconds past the minute, so a job due at hh:mm sees hh:mm on the clock.
    this.cron = new Cron('5 * * * * *', { protect: true }, () => {
      this.ticking = this.tick();
      return this.ticking;
    });
    this.ticking = this.tick();
  }

  async tick(): Promise<void> {
    const now = this.clock.now();
    for (const job of this.jobs) {
      try {
        await job.tick(now);
      } catch (error) {
        this.logger.warn({ err: error, job: job.name }, 'scheduled job failed');
      }
    }
  }

  async stop(): Promise<void> {
    this.cron?.stop();
    await this.ticking?.catch(() => undefined);
  }
}
