import type { LiveTable } from '@shared/schemas/api';

/**
 * The key of a query whose data a change to `table` makes stale: it starts with the table's name, which is what a
 * live change invalidates. The table is the shared LiveTable enum, so a misspelt one does not compile.
 */
export const liveKey = <T extends LiveTable, const Rest extends readonly unknown[]>(table: T, ...rest: Rest) =>
  [table, ...rest] as const;

/** A query's other tables: a change to any of them makes it stale too (its key starts with its main table). */
export const liveMeta = (...tables: LiveTable[]) => ({ liveTables: tables });

/** Whether a change to `table` makes this query stale. */
export function isStaleAfter(query: { queryKey: readonly unknown[]; meta?: Record<string, unknown> }, table: LiveTable): boolean {
  if (query.queryKey[0] === table) return true;
  const others = query.meta?.liveTables;
  return Array.isArray(others) && others.includes(table);
}
