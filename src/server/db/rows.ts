import { type Column, getTableColumns, getTableName, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** The rows of a hand-written statement, as the driver gives them (one object per row, keyed by the select's names). */
export async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A LIKE pattern for text containing `text`: the `%` and `_` staff type are searched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** A json value of a hand-written select: node-postgres parses json, PGlite may hand it over as text. */
export const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * A table's whole row inside a hand-written select, for the statements every booking sends (PERFORMANCE.md, point
 * 1): the select list is built once, each column under an alias of its own (`<prefix><n>`, so that several tables'
 * rows share one statement), and `read` decodes a row through each column's own decoder, as Drizzle's select builder
 * does, without building the statement and its field map on every call. `read` gives null for a left join that
 * found nothing (every column null), as the builder does.
 */
export function tableRow<T extends Table>(table: T, prefix: string) {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, Column]>;
  const aliases = columns.map((_, index) => `${prefix}${index}`);
  const tableName = getTableName(table);
  const selectList = sql.raw(columns.map(([, column], index) => `"${tableName}"."${column.name}" as "${aliases[index]}"`).join(', '));
  return {
    selectList,
    read(row: Record<string, unknown>): InferSelectModel<T> | null {
      const decoded: Record<string, unknown> = {};
      let found = false;
      columns.forEach(([key, column], index) => {
        const value = row[aliases[index]!];
        if (value === null || value === undefined) {
          decoded[key] = null;
          return;
        }
        found = true;
        decoded[key] = column.mapFromDriverValue(value);
      });
      return found ? (decoded as InferSelectModel<T>) : null;
    },
  };
}
