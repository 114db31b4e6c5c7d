import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { openConfiguredDatabase, startInstance } from '../../src/server/instance.ts';
import { DataDirLockedError } from '../../src/server/platform/data-dir-lock.ts';
import { testConfig } from '../support/test-app.ts';
import { MESA_VERSION } from '../../src/server/version.ts';
import { configure } from '../support/factories.ts';

// The embedded database on disk, as `npm start` uses it: PGlite only (no TEST_DATABASE_URL involved).
const dataDir = mkdtempSync(join(tmpdir(), 'mesa-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database in DATA_DIR', () => {
  it('keeps its rows across a restart and refuses a second process while the server holds it', async () => {
    const config = testConfig(dataDir);
    const first = await startInstance({ config, webRoot: null, listen: false });
    expect(first.database.kind).toBe('pglite');
    await configure(first.database.db, { name: 'Casa Lucía' });

    // A second opener (db:migrate, admin:create, another server) is refused with one clear line.
    await expect(openConfiguredDatabase(config, 'npm run admin:create')).rejects.toThrow(DataDirLockedError);
    await expect(openConfiguredDatabase(config, 'npm run admin:create')).rejects.toThrow(/in use by the Mesa server/);
    await first.stop();

    const second = await startInstance({ config, webRoot: null, listen: false });
    try {
      const response = await second.app.inject({ method: 'GET', url: '/api/public/settings' });
      expect(response.json().name).toBe('Casa Lucía');
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('answers /healthz with 503 once the database is gone', async () => {
    const config = testConfig(mkdtempSync(join(tmpdir(), 'mesa-embedded-')));
    const instance = await startInstance({ config, webRoot: null, listen: false });
    await instance.database.close();
    const response = await instance.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      db: 'pglite',
      version: MESA_VERSION,
      error: { code: 'database_unavailable', message: messages.http.databaseUnavailable },
    });
    await instance.stop().catch(() => undefined);
  }, 120_000);
});
