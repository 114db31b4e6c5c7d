import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseHandle, Executor } from './client.ts';
import { rowsOf } from './rows.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant naming the advisory lock that serialises migrations between instances. */
const MIGRATION_LOCK_KEY = 4_242_001;

export async function migrateDatabase(handle: DatabaseHandle, postgresUrl?: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!postgresUrl) throw new Error('migrateDatabase needs the PostgreSQL URL');
  // Several instances may start at once: one migrates while the others wait on the lock, then find nothing to do.
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const db = drizzlePostgres(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    await client.end();
  }
}

/** The migrations the database has had, in order: each one's hash and when it was written (drizzle's journal time). */
export async function appliedMigrations(db: Executor): Promise<Array<{ hash: string; when: number }>> {
  const [table] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`);
  if (!table?.present) return [];
  const rows = await rowsOf<{ hash: string; when: string }>(db, sql`select hash, created_at::text as "when" from drizzle.__drizzle_migrations order by id`);
  return rows.map((row) => ({ hash: row.hash, when: Number(row.when) }));
}
