import { z } from 'zod';

/** One nightly backup as Seguridad shows it; no finish and no error means it is still being written. */
export const backupRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  instance: z.string(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/** The last nightly run, whichever instance wrote it, and the schedule this instance follows (hour null: off). */
export const backupStatusSchema = z.object({
  latest: backupRunSchema.nullable(),
  schedule: z.object({ hour: z.number().int().min(0).max(23).nullable(), keep: z.number().int().positive() }),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
