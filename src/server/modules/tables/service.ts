import { asc, eq, max, sql } from 'drizzle-orm';
import { NEW_TABLE_POSITION_BASE, NEW_TABLE_POSITION_STEP } from '@shared/limits.ts';
import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { DiningTable, newTableSchema, TablePatch } from '@shared/schemas/table.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { tables, zones } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
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
};

export function listTables(db: Database): Promise<DiningTable[]> {
  return db.select(columns).from(tables).orderBy(asc(tables.tableNumber));
}

/** Number = highest + 1; name 'Mesa {n}' when none is given; placed at 50 + 20 × n on both axes. */
export async function addTable(db: Database, input: z.output<typeof newTableSchema>): Promise<DiningTable> {
  return db.transaction(async (tx) => {
    // Two staff adding at once must not get the same number: the unique index would refuse the second one.
    await tx.execute(sql`lock table tables in share row exclusive mode`);
    const [{ highest } = { highest: 0 }] = await tx.select({ highest: max(tables.tableNumber) }).from(tables);
    const tableNumber = (highest ?? 0) + 1;
    const offset = NEW_TABLE_POSITION_BASE + NEW_TABLE_POSITION_STEP * tableNumber;
    const [firstZone] = await tx.select({ id: zones.id }).from(zones).orderBy(asc(zones.position), asc(zones.name)).limit(1);
    const [row] = await tx
      .insert(tables)
      .values({
        tableNumber,
        name: input.name || formatMessage(staffMessages.admin.tables.fallbackName, { number: tableNumber }),
        seats: input.seats,
        shape: input.shape,
        positionX: offset,
        positionY: offset,
        isActive: NEW_TABLE_ACTIVE,
        rotation: TABLE_ROTATION_DEFAULT,
        zoneId: firstZone!.id,
      })
      .returning(columns);
    await recordChange(tx, { table: 'tables', action: 'insert', id: row!.id });
    return row!;
  });
}

export async function updateTable(db: Database, id: string, patch: TablePatch): Promise<DiningTable> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(tables).set(patch).where(eq(tables.id, id)).returning(columns);
    if (!row) throw notFound();
    await recordChange(tx, { table: 'tables', action: 'update', id });
    return row;
  });
}

export async function deleteTable(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(tables).where(eq(tables.id, id)).returning({ id: tables.id });
    if (!rows[0]) throw notFound();
    await recordChange(tx, { table: 'tables', action: 'delete', id });
  });
}

// Seating, for the reservations module's writes.
export { recheckTables, replaceTables, tableNames, tablesOf } from './seating-service.ts';

// Capacity from the tables (issue 21), for availability and the reservations module's writes.
export { findTables, holdTables, seatablePartiesOn, stayMinutes } from './capacity-service.ts';
