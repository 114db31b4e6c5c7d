import type { LiveTable } from '@shared/schemas/api';

/**
 * The key of a query whose data a change to `table` makes stale: it starts with the table's name, which is what a
 * live change invalidates. The table is the shared LiveTable enum, so a misspelt one does not compile.
 */
export const liveKey = <T extends LiveTable, const Rest extends readonly unknown[]>(table: T, ...rest: Rest) =>
  [table, ...rest] as const;
