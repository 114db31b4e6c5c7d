import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupRun, BackupStatus } from '@shared/schemas/backup.ts';
import { madridInstant, madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { recordChange } from '../../platform/events.ts';
import { claimJobRun, finishJobRun, type ScheduledJob } from '../../platform/scheduler.ts';
import { backupsDir, FRESH_PREFIX, nightlyFileName, pruneNightlyBackups, writeBackupFile } from './backup-file.ts';
import * as q from './queries.ts';

export const NIGHTLY_BACKUP_JOB = 'nightly-backup';

export interface NightlyBackupOptions {
  dataDir: string;
  schedule: Config['backup'];
  /** host:port, recorded with each run so the owner knows whose DATA_DIR holds the file. */
  instance: string;
  clock: Clock;
}

// One dump at a time in this process: a nightly run, a download and `npm run backup` queue rather than overlap.
let dumping: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = dumping.then(work, work);
  dumping = run.catch(() => undefined);
  return run;
}

export interface FreshBackup {
  stream: ReadStream;
  bytes: number;
}

/**
 * A consistent dump taken now, for a download or `npm run backup`. It is written to a file first, so the snapshot
 * (on PGlite the only connection) is held as long as the disk needs, never as long as a slow reader; the file is
 * unlinked as soon as it is open, so it lives exactly as long as the stream.
 */
export function freshBackup(db: Database, dataDir: string, now: Date): Promise<FreshBackup> {
  return oneAtATime(async () => {
    const path = join(backupsDir(dataDir), `${FRESH_PREFIX}${randomUUID()}.sql`);
    const { bytes } = await writeBackupFile(db, path, now);
    const handle = await open(path, 'r');
    await rm(path, { force: true });
    return { stream: handle.createReadStream(), bytes };
  });
}

/** 'mesa-2026-11-24-0930.sql': the Madrid day and time the download was taken. */
export const downloadFileName = (now: Date) => `mesa-${madridToday(now)}-${madridNowTime(now).replace(':', '')}.sql`;

/**
 * Due once the hour has passed in Madrid, once per Madrid day: a server that was down at the hour takes it when it is
 * back the same day, and with several instances the day's claim in job_runs lets exactly one of them write it.
 */
export function nightlyBackupJob(db: Database, claimedBy: string, options: NightlyBackupOptions): ScheduledJob {
  const { hour } = options.schedule;
  return {
    name: NIGHTLY_BACKUP_JOB,
    async tick(now) {
      if (hour === null || madridNowTime(now) < `${String(hour).padStart(2, '0')}:00`) return;
      const day = madridToday(now);
      const period = madridInstant(day, '00:00');
      if (!(await claimJobRun(db, NIGHTLY_BACKUP_JOB, period, claimedBy))) return;
      const error = await takeNightlyBackup(db, day, period, options);
      await finishJobRun(db, NIGHTLY_BACKUP_JOB, period, options.clock.now(), error ?? undefined);
      if (error) throw new Error(`nightly backup failed: ${error}`);
    },
  };
}

/** Writes the day's file, records the run, prunes beyond `keep`; answers the error, if any, instead of throwing. */
async function takeNightlyBackup(db: Database, day: string, period: Date, options: NightlyBackupOptions): Promise<string | null> {
  const { clock, instance } = options;
  const dir = backupsDir(options.dataDir);
  const fileName = nightlyFileName(day);
  const startedAt = clock.now();
  const id = await q.insertRun(db, { scheduledFor: period, startedAt, fileName, instance });
  await recordChange(db, { table: 'backup_runs', action: 'insert', id });
  let error: string | null = null;
  try {
    const { bytes } = await oneAtATime(() => writeBackupFile(db, join(dir, fileName), startedAt));
    pruneNightlyBackups(dir, options.schedule.keep);
    await q.finishRun(db, id, { finishedAt: clock.now(), sizeBytes: bytes });
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    await q.finishRun(db, id, { finishedAt: clock.now(), error });
  }
  await recordChange(db, { table: 'backup_runs', action: 'update', id });
  return error;
}

function toBackupRun(row: q.BackupRunRow): BackupRun {
  return {
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.error,
    instance: row.instance,
  };
}

export async function backupStatus(db: Database, schedule: Config['backup']): Promise<BackupStatus> {
  const latest = await q.latestRun(db);
  return { latest: latest && toBackupRun(latest), schedule };
}
