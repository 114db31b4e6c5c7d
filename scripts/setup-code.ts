/**
 * `npm run setup-code`: prints a fresh one-time code for creating the owner's account in the browser (issue 20),
 * invalidating the one issued before. With the embedded database the server must be stopped (it holds the database),
 * and the running server has written its code to DATA_DIR/setup-code anyway.
 */
import { writeFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openConfiguredDatabase } from '../src/server/instance.ts';
import { issueSetupCode, ownerExists, setupCodeFile } from '../src/server/modules/auth/first-run.ts';
import { DataDirLockedError } from '../src/server/platform/data-dir-lock.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

try {
  const config = loadConfig();
  const { database, lock } = await openConfiguredDatabase(config, 'npm run setup-code');
  try {
    if (await ownerExists(database.db)) fail('The owner account exists already: sign in at /auth (or reset a password with npm run admin:create).');
    const code = (await issueSetupCode(database.db, { replace: true }))!;
    if (!config.databaseUrl) writeFileSync(setupCodeFile(config.dataDir), `${code}\n`, { mode: 0o600 });
    console.log(`Set-up code: ${code}\nOpen /admin and create the owner's account with it. Any earlier code no longer works.`);
  } finally {
    await database.close();
    lock?.release();
  }
} catch (error) {
  fail(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : String(error));
}
