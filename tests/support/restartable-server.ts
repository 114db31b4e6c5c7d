import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Instance, startInstance } from '../../src/server/instance.ts';
import { freePort } from './server-process.ts';
import { testConfig } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A Mesa server that a test stops and starts again on the same address and database, as a restart or a deploy
 * would: each start serves the built client at the web root it is given.
 */
export interface RestartableServer {
  readonly url: string;
  readonly database: TestDatabase;
  start(webRoot: string): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function restartableServer(): Promise<RestartableServer> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'mesa-restartable-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let instance: Instance | null = null;
  const stop = async () => {
    await instance?.stop();
    instance = null;
  };
  return {
    url,
    database,
    async start(webRoot) {
      const config = testConfig(dataDir, { PORT: String(port), PUBLIC_URL: url });
      instance = await startInstance({ config, database: database.handle, webRoot, listen: true, scheduler: false });
    },
    stop,
    async close() {
      await stop();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
