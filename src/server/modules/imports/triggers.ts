// When the import's job runs: as soon as an import is started on any instance (heard on the change bus), and at each
// minute's tick, which takes up an import a restart interrupted. Each batch is claimed under the import's row lock,
// so instances that run at once never write a row twice.
import { coalesced } from '../../platform/coalesced.ts';
import type { ChangeBus } from '../../platform/events.ts';
import type { ScheduledJob } from '../../platform/scheduler.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { IMPORT_UNDO_WINDOW_MS } from '@shared/schemas/import.ts';
import { runWaitingImports } from './job.ts';
import { forgetOldFiles } from './queries.ts';

export function watchImports(changes: ChangeBus, deps: ServiceDeps, logger: { warn(obj: object, msg: string): void }): void {
  const run = coalesced(
    () => runWaitingImports(deps),
    (error) => logger.warn({ err: error }, 'import failed'),
  );
  changes.watch((event) => {
    if (event === 'resync' || (event.table === 'imports' && event.action === 'update')) run();
  });
}

export function importsJob(deps: ServiceDeps): ScheduledJob {
  return {
    name: 'imports',
    async tick(now) {
      await runWaitingImports(deps);
      await forgetOldFiles(deps.db, new Date(now.getTime() - IMPORT_UNDO_WINDOW_MS));
    },
  };
}
