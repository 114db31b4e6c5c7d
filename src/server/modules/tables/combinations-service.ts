// Tables that join for larger parties (issue 21): 2 to 4 active tables and the party sizes they seat together.
import { asc, eq, inArray } from 'drizzle-orm';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import type { Combination, NewCombinationInput } from '@shared/schemas/table.ts';
import type { Database, Executor } from '../../db/client.ts';
import { tableCombinations, tableCombinationTables, tables } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';

const text = tableMessages.combinations;

export async function listCombinations(db: Executor): Promise<Combination[]> {
  const rows = await db
    .select({
      id: tableCombinations.id,
      minParty: tableCombinations.minParty,
      maxParty: tableCombinations.maxParty,
      tableId: tableCombinationTables.tableId,
    })
    .from(tableCombinations)
    .innerJoin(tableCombinationTables, eq(tableCombinationTables.combinationId, tableCombinations.id))
    .innerJoin(tables, eq(tables.id, tableCombinationTables.tableId))
    .orderBy(asc(tableCombinations.createdAt), asc(tables.tableNumber));
  const byId = new Map<string, Combination>();
  for (const row of rows) {
    const combination = byId.get(row.id) ?? { id: row.id, minParty: row.minParty, maxParty: row.maxParty, tableIds: [] };
    combination.tableIds.push(row.tableId);
    byId.set(row.id, combination);
  }
  return [...byId.values()];
}

const sameTables = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.toSorted().every((id, index) => id === b.toSorted()[index]);

export async function addCombination(db: Database, input: NewCombinationInput): Promise<Combination> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: tables.id })
      .from(tables)
      .where(inArray(tables.id, input.tableIds))
      .for('share');
    if (found.length !== input.tableIds.length) throw new AppError(400, 'validation_failed', text.tableNotFound, { tableIds: text.tableNotFound });
    if ((await listCombinations(tx)).some((other) => sameTables(other.tableIds, input.tableIds))) {
      throw conflict('combination_exists', text.duplicate);
    }
    const [row] = await tx.insert(tableCombinations).values({ minParty: input.minParty, maxParty: input.maxParty }).returning();
    await tx.insert(tableCombinationTables).values(input.tableIds.map((tableId) => ({ combinationId: row!.id, tableId })));
    await recordChange(tx, { table: 'table_combinations', action: 'insert', id: row!.id });
    return { id: row!.id, minParty: row!.minParty, maxParty: row!.maxParty, tableIds: input.tableIds };
  });
}

export async function deleteCombination(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(tableCombinations).where(eq(tableCombinations.id, id)).returning({ id: tableCombinations.id });
    if (!rows[0]) throw notFound(text.notFound);
    await recordChange(tx, { table: 'table_combinations', action: 'delete', id });
  });
}
