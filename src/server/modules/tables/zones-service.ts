// Zones of the floor (issue 21): 'Sala', 'Terraza', 'Barra' by default; named, ordered, bookable online or by staff
// only. A zone holding tables cannot be deleted, and there is always one.
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import type { Zone, ZonePatch } from '@shared/schemas/table.ts';
import type { Database, Executor } from '../../db/client.ts';
import { tables, zones } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';

const text = tableMessages.zones;
const columns = { id: zones.id, name: zones.name, position: zones.position, onlineBookable: zones.onlineBookable };

export function listZones(db: Executor): Promise<Zone[]> {
  return db.select(columns).from(zones).orderBy(asc(zones.position), asc(zones.name));
}

/** Zone changes take turns: two with one new name, or two deletions leaving none, cannot pass each other. */
const lockZones = (tx: Executor) => tx.execute(sql`lock table zones in share row exclusive mode`);

const nameTaken = () => new AppError(409, 'zone_name_taken', text.nameTaken, { name: text.nameTaken });

async function refuseTakenName(tx: Executor, name: string, except?: string): Promise<void> {
  const [same] = await tx.select({ id: zones.id }).from(zones).where(eq(zones.name, name));
  if (same && same.id !== except) throw nameTaken();
}

export async function addZone(db: Database, input: { name: string; onlineBookable: boolean }): Promise<Zone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    await refuseTakenName(tx, input.name);
    const [last] = await tx.select({ position: zones.position }).from(zones).orderBy(desc(zones.position)).limit(1);
    const [row] = await tx
      .insert(zones)
      .values({ ...input, position: (last?.position ?? -1) + 1 })
      .returning(columns);
    await recordChange(tx, { table: 'zones', action: 'insert', id: row!.id });
    return row!;
  });
}

export async function updateZone(db: Database, id: string, patch: ZonePatch): Promise<Zone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    if (patch.name !== undefined) await refuseTakenName(tx, patch.name, id);
    const [row] = await tx.update(zones).set(patch).where(eq(zones.id, id)).returning(columns);
    if (!row) throw notFound(text.notFound);
    await recordChange(tx, { table: 'zones', action: 'update', id });
    return row;
  });
}

export async function deleteZone(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockZones(tx);
    const [zone] = await tx.select({ id: zones.id }).from(zones).where(eq(zones.id, id));
    if (!zone) throw notFound(text.notFound);
    const [{ value: inZone } = { value: 0 }] = await tx.select({ value: count() }).from(tables).where(eq(tables.zoneId, id));
    if (inZone > 0) throw conflict('zone_has_tables', text.hasTables);
    const [{ value: zoneCount } = { value: 0 }] = await tx.select({ value: count() }).from(zones);
    if (zoneCount <= 1) throw conflict('last_zone', text.lastZone);
    await tx.delete(zones).where(eq(zones.id, id));
    await recordChange(tx, { table: 'zones', action: 'delete', id });
  });
}
