import * as drizzle from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** The part of a Drizzle select this needs; `joinsNotNullableMap` says which left-joined tables may come back null. */
interface Select<R> {
  toSQL(): Query;
  readonly _: { readonly selectedFields: unknown };
  execute(): Promise<R>;
}

interface Built {
  query: Query;
  fields: unknown;
  joinsNotNullableMap: unknown;
}

// Exported by drizzle-orm at run time, left out of its type declarations (internal): what Drizzle's own prepare() uses.
const orderSelectedFields = (drizzle as unknown as { orderSelectedFields(fields: unknown): unknown }).orderSelectedFields;

/**
 * A select whose SQL is built once (its values as `sql.placeholder`s) and then run on any executor, a transaction
 * included, with Drizzle's own row mapping. Drizzle otherwise builds a select's SQL on every call: for the day
 * context's hundred columns about a quarter of a millisecond of the server's CPU, on every booking and availability
 * read. The statement stays unnamed (parsed by PostgreSQL each time), so a restored backup's tables never meet a plan
 * cached on a pooled connection.
 */
export function prebuiltSelect<R, V extends Record<string, unknown>>(build: (db: Executor) => Select<R>) {
  let built: Built | undefined;
  return (db: Executor, values: V): Promise<R> => {
    if (!built) {
      const select = build(db);
      const joins = (select as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap;
      built = { query: select.toSQL(), fields: orderSelectedFields(select._.selectedFields), joinsNotNullableMap: joins };
    }
    const prepared = db._.session.prepareQuery(built.query, built.fields as never, undefined, true);
    (prepared as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap = built.joinsNotNullableMap;
    return prepared.execute(values) as Promise<R>;
  };
}
