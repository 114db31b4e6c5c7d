import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Where the bench runs: PGlite in temporary directories (the default), or a fresh database `mesa_bench_<random>`
 * created on the DATABASE_URL server and dropped afterwards, so a real database is never touched.
 */
export interface BenchTarget {
  kind: 'pglite' | 'postgres';
  /** For PostgreSQL: the bench database's URL; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** A new temporary directory (a DATA_DIR, or the raw-insert database), removed by dispose(). */
  tempDir(label: string): string;
  dispose(): Promise<void>;
}

export async function openTarget(serverUrl: string | undefined): Promise<BenchTarget> {
  const dirs: string[] = [];
  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `mesa-bench-${label}-`));
    dirs.push(dir);
    return dir;
  };
  const removeDirs = () => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  if (!serverUrl) return { kind: 'pglite', databaseUrl: undefined, tempDir, dispose: async () => removeDirs() };

  const name = `mesa_bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const maintenanceUrl = withDatabase(serverUrl, 'postgres');
  await adminQuery(maintenanceUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  return {
    kind: 'postgres',
    databaseUrl: withDatabase(serverUrl, name),
    tempDir,
    async dispose() {
      removeDirs();
      await adminQuery(maintenanceUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
