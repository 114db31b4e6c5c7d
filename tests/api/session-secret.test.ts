import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appSecrets } from '../../src/server/db/schema.ts';
import { loadSessionSecret } from '../../src/server/platform/sessions.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const LEGACY_SECRET = 'what-an-older-install-wrote-to-data-dir-0123456789';
let database: TestDatabase;
let dataDir: string;
beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'mesa-session-secret-'));
});
afterEach(async () => {
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const stored = async () => (await database.handle.db.select().from(appSecrets).where(eq(appSecrets.name, 'session')))[0]?.value;

describe('the session secret', () => {
  it('is generated once and kept in the database when SESSION_SECRET is unset', async () => {
    const first = await loadSessionSecret(database.handle.db, undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await stored()).toBe(first);
    // Another instance, with a DATA_DIR of its own, reads the same one.
    expect(await loadSessionSecret(database.handle.db, undefined, mkdtempSync(join(tmpdir(), 'mesa-other-')))).toBe(first);
  });

  it('adopts the secret an older install kept in DATA_DIR, once', async () => {
    writeFileSync(join(dataDir, 'session-secret'), `${LEGACY_SECRET}\n`);
    expect(await loadSessionSecret(database.handle.db, undefined, dataDir)).toBe(LEGACY_SECRET);
    writeFileSync(join(dataDir, 'session-secret'), `${'x'.repeat(43)}\n`);
    expect(await loadSessionSecret(database.handle.db, undefined, dataDir)).toBe(LEGACY_SECRET);
  });

  it('is SESSION_SECRET when set, and then nothing is stored', async () => {
    expect(await loadSessionSecret(database.handle.db, 's'.repeat(40), dataDir)).toBe('s'.repeat(40));
    expect(await stored()).toBeUndefined();
  });
});
