import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { databaseUrlFor, randomDatabaseName } from './postgres.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on PostgreSQL, so a second instance can open the same database. */
  url: string | undefined;
  kind: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
  destroy(): Promise<void>;
}

/** A fresh, migrated and seeded database for one test file: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: template });
    return {
      handle,
      url: undefined,
      kind: 'pglite',
      open: () => Promise.reject(new Error('PGlite is one process: a second connection needs PostgreSQL')),
      destroy: () => handle.close(),
    };
  }
  const name = randomDatabaseName('mesa_test');
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateName')}`));
  const url = databaseUrlFor(serverUrl, name);
  const opened: DatabaseHandle[] = [];
  const open = async () => {
    const handle = await openDatabase({ kind: 'postgres', url });
    opened.push(handle);
    return handle;
  };
  const handle = await open();
  return {
    handle,
    url,
    kind: 'postgres',
    open,
    async destroy() {
      await Promise.all(opened.map((h) => h.close()));
      await withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
