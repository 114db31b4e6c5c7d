import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { REQUEST_DATABASE_BUDGET_MS, withDatabaseDeadline } from '../../db/deadline.ts';
import { recordSensitiveChange, sensitiveActor } from '../security/service.ts';
import * as backups from './service.ts';

const DOWNLOAD_HARD_LIMIT_MS = 10 * 60_000;

/** Under /api/admin: the owner's view of the nightly backups, and a fresh dump to download. */
export function registerBackupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  app.get('/backups', () => backups.backupStatus(db, deps.config.backup));
  // A dump taken now by whichever instance answers: every instance can give it, and it holds everything up to now.
  app.get('/backups/download', async (request, reply) => {
    const now = deps.clock.now();
    // A large database takes longer than a request's usual hard limit to dump; silence still ends it within 5 s.
    const { stream, bytes } = await withDatabaseDeadline(
      REQUEST_DATABASE_BUDGET_MS,
      () => backups.freshBackup(db, deps.config.dataDir, now),
      DOWNLOAD_HARD_LIMIT_MS,
    );
    await recordSensitiveChange(db, { at: now, actor: sensitiveActor(request), action: 'backup_downloaded', detail: backups.downloadFileName(now) });
    return reply
      .header('Content-Type', 'application/sql; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${backups.downloadFileName(now)}"`)
      .header('Content-Length', bytes)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });
}
