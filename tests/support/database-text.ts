import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client.ts';

const rowsOf = async <Row>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * Every row of every table of every schema, each cast to text: what a secret at rest must never be found in. A table
 * added later is covered without a change here.
 */
export async function everyTableAsText(db: Executor): Promise<string> {
  const tables = await rowsOf<{ schema: string; name: string }>(db, sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  if (!tables.some((table) => table.name === 'email_outbox')) throw new Error('the scan found no Mesa table');
  const texts: string[] = [];
  for (const table of tables) {
    const found = await rowsOf<{ row: string }>(db, sql`select t::text as row from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`);
    texts.push(...found.map((row) => row.row));
  }
  return texts.join('\n');
}
