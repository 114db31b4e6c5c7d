import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import { NEW_TABLE_GAP_PX, NEW_TABLE_POSITION_BASE, NEW_TABLE_POSITION_STEP } from '@shared/limits.ts';
import { formatMessage } from '@shared/messages.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import type { DiningTable, newTableSchema, TablePatch } from '@shared/schemas/table.ts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { nearestFreeSpot } from '@shared/rules/floor-layout.ts';
import { tableCombinations, tableCombinationTables, tables, zones } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { NEW_TABLE_ACTIVE, TABLE_ROTATION_DEFAULT } from '@shared/limits.ts';

const columns = {
  id: tables.id,
  tableNumber: tables.tableNumber,
  name: tables.name,
  seats: tables.seats,
  positionX: tables.positionX,
  positionY: tables.positionY,
  isActive: tables.isActive,
  shape: tables.shape,
  rotation: tables.rotation,
  zoneId: tables.zoneId,
  minParty: tables.minParty,
  walkInOnly: tables.walkInOnly,
};

export function listTables(db: Database): Promise<DiningTable[]> {
  return db.select(columns).from(tables).orderBy(asc(tables.tableNumber));
}

/** Whether the restaurant has a table map to seat on: at least one active table. */
export async function hasActiveTables(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: tables.id }).from(tables).where(eq(tables.isActive, true)).limit(1);
  return row !== undefined;
}

/** Number = highest + 1; name 'Mesa {n}' when none is given; placed near 50 + 20 × n on both axes, apart from the rest. */
export async function addTable(db: Database, input: z.output<typeof newTableSchema>): Promise<DiningTable> {
  return db.transaction(async (tx) => {
    // Two staff adding at once must not get the same number: the unique index would refuse the second one.
    await tx.execute(sql`lock table tables in share row exclusive mode`);
    const [{ highest } = { highest: 0 }] = await tx.select({ highest: max(tables.tableNumber) }).from(tables);
    const tableNumber = (highest ?? 0) + 1;
    const offset = NEW_TABLE_POSITION_BASE + NEW_TABLE_POSITION_STEP * tableNumber;
    const spot = nearestFreeSpot({ x: offset, y: offset }, await positionsOf(tx), NEW_TABLE_GAP_PX);
    const zoneId = input.zoneId ?? (await firstZoneId(tx));
    await requireZone(tx, zoneId);
    const [row] = await tx
      .insert(tables)
      .values({
        tableNumber,
        name: input.name || formatMessage(tableMessages.tables.fallbackName, { number: tableNumber }),
        seats: input.seats,
        shape: input.shape,
        positionX: spot.x,
        positionY: spot.y,
        isActive: NEW_TABLE_ACTIVE,
        rotation: TABLE_ROTATION_DEFAULT,
        zoneId,
      })
      .returning(columns);
    await recordChange(tx, { table: 'tables', action: 'insert', id: row!.id });
    return row!;
  });
}

/**
 * A table moved lands on the nearest free spot; a zone must exist; the minimum party stays within the seats. Tables
 * are locked while a move is placed, so two tables dropped on one spot at once do not end up overlapping.
 */
export async function updateTable(db: Database, id: string, patch: TablePatch): Promise<DiningTable> {
  return db.transaction(async (tx) => {
    const moved = patch.positionX !== undefined || patch.positionY !== undefined;
    if (moved) await tx.execute(sql`lock table tables in share row exclusive mode`);
    const [current] = await tx.select(columns).from(tables).where(eq(tables.id, id)).for('update');
    if (!current) throw notFound();
    const changes = { ...patch };
    if (moved) {
      const wanted = { x: patch.positionX ?? current.positionX, y: patch.positionY ?? current.positionY };
      const spot = nearestFreeSpot(wanted, await positionsOf(tx, id));
      changes.positionX = spot.x;
      changes.positionY = spot.y;
    }
    if (patch.zoneId !== undefined) await requireZone(tx, patch.zoneId);
    const merged = { ...current, ...changes };
    if (merged.minParty > merged.seats) throw fieldError('minParty' in patch ? 'minParty' : 'seats', text.minPartyRange);
    const [row] = await tx.update(tables).set(changes).where(eq(tables.id, id)).returning(columns);
    await recordChange(tx, { table: 'tables', action: 'update', id });
    return row!;
  });
}

const text = tableMessages.tables;
const fieldError = (field: string, message: string) => new AppError(400, 'validation_failed', message, { [field]: message });

/** Where the other tables stand (inactive ones too: they keep their place on the map). */
async function positionsOf(tx: Executor, except?: string) {
  const rows = await tx.select({ id: tables.id, x: tables.positionX, y: tables.positionY }).from(tables);
  return rows.filter((row) => row.id !== except);
}

async function firstZoneId(tx: Executor): Promise<string> {
  const [zone] = await tx.select({ id: zones.id }).from(zones).orderBy(asc(zones.position), asc(zones.name)).limit(1);
  return zone!.id;
}

async function requireZone(tx: Executor, zoneId: string): Promise<void> {
  const [zone] = await tx.select({ id: zones.id }).from(zones).where(eq(zones.id, zoneId));
  if (!zone) throw fieldError('zoneId', text.zoneNotFound);
}

/** A deleted table takes the combinations it was part of with it: the rest of a combination joins nothing. */
export async function deleteTable(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const joined = tx.select({ id: tableCombinationTables.combinationId }).from(tableCombinationTables).where(eq(tableCombinationTables.tableId, id));
    const removed = await tx.delete(tableCombinations).where(inArray(tableCombinations.id, joined)).returning({ id: tableCombinations.id });
    if (removed.length > 0) await recordChange(tx, { table: 'table_combinations', action: 'delete', id: null });
    const rows = await tx.delete(tables).where(eq(tables.id, id)).returning({ id: tables.id });
    if (!rows[0]) throw notFound();
    await recordChange(tx, { table: 'tables', action: 'delete', id });
  });
}

// Seating, for the reservations module's writes; its reservation columns, for a guest's history.
export { noFreeTableWarning, recheckTables, type Refit, refitTables, replaceTables, tableNames, tablesOf } from './seating-service.ts';
