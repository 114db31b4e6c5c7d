// What the running instances share: secrets, rate-limit counters, used booking challenges, scheduled-job claims and
// backup runs.
import { bigint, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Hits per key (limit name + client IP) in the current window of a rate-limited route, so that instances on one
 * PostgreSQL database share the limit (PGlite, one process, counts in memory). UNLOGGED (a custom migration): a counter
 * lost in a crash costs nothing, and a hit then needs no WAL flush.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  resetsAt: instant('resets_at').notNull(),
  count: integer('count').notNull(),
});

/**
 * The booking challenges already redeemed (decision 027), by a hash of their signature, until they expire: a solved
 * challenge passes once, on whichever instance it reaches.
 */
export const usedBookingChallenges = pgTable('used_booking_challenges', {
  hash: text('hash').primaryKey(),
  expiresAt: instant('expires_at').notNull(),
});

export const jobRuns = pgTable(
  'job_runs',
  {
    jobName: text('job_name').notNull(),
    /** The scheduled instant this run stands for: the primary key makes a second claim fail. */
    scheduledFor: instant('scheduled_for').notNull(),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    error: text('error'),
    claimedBy: text('claimed_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobName, t.scheduledFor] })],
);

/** One nightly backup: written by the instance that claimed the night, into its own DATA_DIR/backups. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Madrid day this run stands for (its midnight), as claimed in job_runs. */
    scheduledFor: instant('scheduled_for').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    /** host:port of the instance whose DATA_DIR holds the file. */
    instance: text('instance').notNull(),
  },
  (t) => [index('backup_runs_started_at_idx').on(t.startedAt)],
);
