import { ConfigError, loadConfig } from './config.ts';
import { MigrationFailedError, SchemaNewerError } from './db/upgrade.ts';
import { DataDirLockedError } from './platform/data-dir-lock.ts';
import { startInstance } from './instance.ts';

// React, which renders /admin's first screen (decision 024), in its production build unless told otherwise.
process.env.NODE_ENV ??= 'production';

async function main(): Promise<void> {
  const config = loadConfig();
  const instance = await startInstance({ config });
  const log = instance.app.log;
  log.info(`Mesa is serving ${config.publicUrl.origin} (${instance.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    instance
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'unclean shutdown');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A fault the operator can fix is one clear line; anything else keeps its stack.
  const known = [ConfigError, DataDirLockedError, SchemaNewerError, MigrationFailedError].some((kind) => error instanceof kind);
  console.error(known && error instanceof Error ? error.message : error);
  process.exit(1);
});
