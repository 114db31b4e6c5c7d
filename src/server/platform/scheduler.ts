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

/**
 * Runs `work` for the minute of `now` on the one instance that claims it, records how it ended, and forgets claims
 * older than a day (a claim only matters while instances may still race for its minute).
 */
export async function runOncePerMinute(db: Database, jobName: string, now: Date, claimedBy: string, work: () => Promise<void>): Promise<void> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  if (!(await claimJobRun(db, jobName, minute, claimedBy))) return;
  try {
    await work();
    await finishJobRun(db, jobName, minute, new Date());
    await db.delete(jobRuns).where(and(eq(jobRuns.jobName, jobName), lt(jobRuns.scheduledFor, new Date(minute.getTime() - 24 * 60 * 60_000))));
  } catch (error) {
    await finishJobRun(db, jobName, minute, new Date(), String(error));
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
