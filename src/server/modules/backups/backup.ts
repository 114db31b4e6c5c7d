import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Database, type DatabaseHandle, type Executor, openDatabase } from '../../db/client.ts';
import { appliedMigrations, migrateDatabase } from '../../db/migrate.ts';
import { lockDataDir } from '../../platform/data-dir-lock.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * A backup is a plain SQL file, one statement per line, runnable by psql too:
 *   -- header lines (format, migrations the data belongs to)
 *   INSERT INTO "public"."t" SELECT * FROM json_populate_recordset(NULL::"public"."t", '[…rows as JSON…]');
 *   SELECT pg_catalog.setval(…);
 *   -- end of Mesa backup
 * PostgreSQL itself turns each row into JSON (row_to_json) and back (json_populate_recordset), so every type (bytea,
 * jsonb, time, timestamptz, float8) round-trips exactly on PGlite and node-postgres alike, with no driver conversions.
 */
export const BACKUP_FORMAT = 'mesa-backup-format: 1';
const MIGRATIONS_PREFIX = '-- mesa-migrations: ';
export const BACKUP_TRAILER = '-- end of Mesa backup';

const ROWS_PER_STATEMENT = 500;
const BYTES_PER_STATEMENT = 1_000_000;

export class BackupError extends Error {}

export interface BackupSummary {
  tables: Record<string, number>;
}

type Write = (line: string) => void | Promise<void>;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const qualified = (table: string) => `"public".${ident(table)}`;

/** The public tables, parents before children, so the inserts never break a foreign key. */
export async function tablesInDependencyOrder(db: Executor): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  return topologicalOrder(tables, edges);
}

function topologicalOrder(tables: string[], edges: Array<{ child: string; parent: string }>): string[] {
  const ordered: string[] = [];
  const remaining = new Set(tables);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((table) =>
      edges.every((edge) => edge.child !== table || !remaining.has(edge.parent)),
    );
    if (ready.length === 0) throw new BackupError(`Circular foreign keys between ${[...remaining].join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      remaining.delete(table);
    }
  }
  return ordered;
}

async function dumpTable(tx: Executor, table: string, write: Write): Promise<number> {
  const cursor = ident(`mesa_backup_${table}`);
  await tx.execute(sql.raw(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as row from ${qualified(table)} t`));
  let total = 0;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await write(`INSERT INTO ${qualified(table)} SELECT * FROM json_populate_recordset(NULL::${qualified(table)}, ${literal(`[${batch.join(',')}]`)});`);
    batch = [];
    bytes = 0;
  };
  for (;;) {
    const rows = await rowsOf<{ row: string }>(tx, sql.raw(`fetch ${ROWS_PER_STATEMENT} from ${cursor}`));
    for (const { row } of rows) {
      batch.push(row);
      bytes += row.length;
      if (batch.length >= ROWS_PER_STATEMENT || bytes >= BYTES_PER_STATEMENT) await flush();
    }
    total += rows.length;
    if (rows.length < ROWS_PER_STATEMENT) break;
  }
  await flush();
  await tx.execute(sql.raw(`close ${cursor}`));
  return total;
}

async function dumpSequences(tx: Executor, write: Write): Promise<void> {
  const sequences = await rowsOf<{ name: string; last: string | null }>(
    tx,
    sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public' order by 1`,
  );
  for (const { name, last } of sequences) {
    const target = literal(qualified(name));
    await write(
      last === null
        ? `SELECT pg_catalog.setval(${target}, 1, false);`
        : `SELECT pg_catalog.setval(${target}, ${BigInt(last).toString()}, true);`,
    );
  }
}

/** Writes every row of every public table, read from one REPEATABLE READ snapshot, as SQL lines. */
export async function writeBackup(db: Database, write: Write, now: Date = new Date()): Promise<BackupSummary> {
  return db.transaction(
    async (tx) => {
      const tables = await tablesInDependencyOrder(tx);
      await write(`-- ${BACKUP_FORMAT}`);
      await write(`-- Mesa backup taken ${now.toISOString()}; restore with: npm run restore FILE`);
      await write(`${MIGRATIONS_PREFIX}${(await appliedMigrations(tx)).map((migration) => migration.hash).join(' ')}`);
      await write('SET standard_conforming_strings = on;');
      const summary: BackupSummary = { tables: {} };
      for (const table of tables) summary.tables[table] = await dumpTable(tx, table, write);
      await dumpSequences(tx, write);
      await write(BACKUP_TRAILER);
      return summary;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function assertEmpty(tx: Executor): Promise<void> {
  for (const table of await tablesInDependencyOrder(tx)) {
    const [row] = await rowsOf<{ present: boolean }>(tx, sql.raw(`select exists (select 1 from ${qualified(table)}) as present`));
    if (row?.present) {
      throw new BackupError(`The database is not empty (table ${table} has rows): restore only into a new, empty database.`);
    }
  }
}

function checkMigrations(line: string, target: string[]): void {
  const dumped = line.slice(MIGRATIONS_PREFIX.length).split(' ').filter(Boolean);
  if (dumped.join(' ') !== target.join(' ')) {
    throw new BackupError(
      `The backup belongs to a database with ${dumped.length} migrations and this one has ${target.length}: ` +
        'restore with the Mesa version that took the backup, then upgrade.',
    );
  }
}

/**
 * Restores a backup into an empty, migrated database in one transaction: a missing trailer (a truncated file), a
 * different migration state or any failing statement leaves the database as it was.
 */
export async function restoreBackup(db: Database, lines: AsyncIterable<string> | Iterable<string>): Promise<void> {
  await db.transaction(async (tx) => {
    await assertEmpty(tx);
    let lineNumber = 0;
    let sawFormat = false;
    let sawMigrations = false;
    let complete = false;
    for await (const raw of lines) {
      lineNumber++;
      const line = raw.trimEnd();
      if (complete && line !== '') throw new BackupError(`Unexpected content after the end of the backup (line ${lineNumber}).`);
      if (line === BACKUP_TRAILER) complete = true;
      else if (line === `-- ${BACKUP_FORMAT}`) sawFormat = true;
      else if (line.startsWith(MIGRATIONS_PREFIX)) {
        checkMigrations(line, (await appliedMigrations(tx)).map((migration) => migration.hash));
        sawMigrations = true;
      } else if (line !== '' && !line.startsWith('--')) {
        if (!sawFormat || !sawMigrations) throw new BackupError('This file is not a Mesa backup (its header is missing).');
        await tx.execute(sql.raw(line));
      }
    }
    if (!sawFormat) throw new BackupError('This file is not a Mesa backup (its header is missing).');
    if (!complete) throw new BackupError('The backup is incomplete (its last line is missing); nothing was restored.');
  });
}

/**
 * The configured database for a maintenance command, locked when embedded. Never seeded, so a restore target stays
 * empty; migrated only when asked, so taking a backup never changes the database it reads.
 */
export async function openForMaintenance(
  config: Config,
  holder: string,
  options: { migrate: boolean },
): Promise<{ database: DatabaseHandle; release(): Promise<void> }> {
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir, holder);
  try {
    const database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 })
      : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'pgdata') });
    if (options.migrate) await migrateDatabase(database, config.databaseUrl);
    return {
      database,
      async release() {
        await database.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
