/** `npm run db:migrate`: applies pending migrations (and the idempotent seed) to the configured database. */
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openConfiguredDatabase } from '../src/server/instance.ts';
import { DataDirLockedError } from '../src/server/platform/data-dir-lock.ts';

try {
  const config = loadConfig();
  const { database, lock } = await openConfiguredDatabase(config, 'npm run db:migrate');
  await database.close();
  lock?.release();
  console.log(`Database is up to date (${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}).`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}
