import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { backupRuns } from '../../db/schema.ts';

export type BackupRunRow = typeof backupRuns.$inferSelect;

export async function insertRun(db: Executor, run: typeof backupRuns.$inferInsert): Promise<string> {
  const [row] = await db.insert(backupRuns).values(run).returning({ id: backupRuns.id });
  return row!.id;
}

export async function finishRun(
  db: Executor,
  id: string,
  result: { finishedAt: Date; sizeBytes?: number; error?: string },
): Promise<void> {
  await db
    .update(backupRuns)
    .set({ finishedAt: result.finishedAt, sizeBytes: result.sizeBytes ?? null, error: result.error ?? null })
    .where(eq(backupRuns.id, id));
}

export async function latestRun(db: Executor): Promise<BackupRunRow | null> {
  const [row] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  return row ?? null;
}
