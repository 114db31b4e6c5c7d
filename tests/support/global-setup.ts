import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { seedDatabase } from '../../src/server/db/seed.ts';
import { databaseUrlFor, randomDatabaseName } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateName: string | null;
  }
}

/**
 * Migrates one template per run; each test file then opens its own database from it (PGlite: loadDataDir,
 * PostgreSQL: CREATE DATABASE … TEMPLATE) instead of paying for initdb and migrations every time.
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'mesa-test-'));
  const templatePath = join(directory, 'template.tar');
  const pglite = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(pglite);
  await seedDatabase(pglite.db);
  const client = (pglite.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  writeFileSync(templatePath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplatePath', templatePath);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (serverUrl) {
    templateName = randomDatabaseName('mesa_template');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const templateUrl = databaseUrlFor(serverUrl, templateName);
    const postgres = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 1 });
    await migrateDatabase(postgres, templateUrl);
    await seedDatabase(postgres.db);
    await postgres.close();
  }
  project.provide('postgresTemplateName', templateName);

  return async () => {
    rmSync(directory, { recursive: true, force: true });
    if (serverUrl && templateName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    }
  };
}
