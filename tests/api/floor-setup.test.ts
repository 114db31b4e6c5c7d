import { beforeAll, describe, expect, it } from 'vitest';
import { NEW_TABLE_GAP_PX, TABLE_SIZE_PX } from '@shared/limits.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { tablesOverlap } from '@shared/rules/floor-layout.ts';
import type { Combination, DiningTable, Zone } from '@shared/schemas/table.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 21, item 1 and 3 through the API: zones (default three, editable, kept while they hold tables), a table's
// zone, minimum party and 'Solo sin reserva', tables that never overlap, and combinations.
const zt = tableMessages.zones;
const ct = tableMessages.combinations;
const { app, owner } = useApiSuite();
let floor: string;

beforeAll(async () => {
  floor = await app().signIn({ roles: ['floor'] });
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = owner()) =>
  app().request({ method, url: `/api/admin${url}`, cookie, ...(payload ? { payload } : {}) });
const zones = async () => (await api('GET', '/zones')).json() as Zone[];

describe('zones', () => {
  it('starts with Sala, Terraza and Barra, in that order, all bookable online', async () => {
    expect((await zones()).map(({ name, position, onlineBookable }) => ({ name, position, onlineBookable }))).toEqual([
      { name: 'Sala', position: 0, onlineBookable: true },
      { name: 'Terraza', position: 1, onlineBookable: true },
      { name: 'Barra', position: 2, onlineBookable: true },
    ]);
  });

  it('adds, renames, reorders and keeps a zone staff-only; refuses a taken name or an empty one in Spanish', async () => {
    const added = await api('POST', '/zones', { name: 'Reservado', onlineBookable: false });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Reservado', position: 3, onlineBookable: false });
    const taken = await api('POST', '/zones', { name: 'Sala' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(zt.nameTaken);
    expect((await api('POST', '/zones', { name: '   ' })).json().error.message).toBe(zt.nameRequired);
    const renamed = await api('PATCH', `/zones/${added.json().id}`, { name: 'Privado', position: 0 });
    expect(renamed.json()).toMatchObject({ name: 'Privado', position: 0 });
    expect((await api('PATCH', `/zones/${added.json().id}`, { name: 'Terraza' })).statusCode).toBe(409);
  });

  it('keeps a zone while it holds tables, and the last zone always', async () => {
    const terraza = (await zones()).find((zone) => zone.name === 'Terraza')!;
    const table = (await api('POST', '/tables', { seats: 4, zoneId: terraza.id })).json() as DiningTable;
    expect(table.zoneId).toBe(terraza.id);
    const refused = await api('DELETE', `/zones/${terraza.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(zt.hasTables);
    const sala = (await zones()).find((zone) => zone.name === 'Sala')!;
    expect((await api('PATCH', `/tables/${table.id}`, { zoneId: sala.id })).json().zoneId).toBe(sala.id);
    expect((await api('DELETE', `/zones/${terraza.id}`)).statusCode).toBe(204);
  });

  it('floor staff see the zones but may not change them', async () => {
    expect((await api('GET', '/zones', undefined, floor)).statusCode).toBe(200);
    expect((await api('POST', '/zones', { name: 'Patio' }, floor)).statusCode).toBe(403);
  });
});

describe('tables on the floor', () => {
  it('sets a minimum party within the seats and marks a table walk-in only', async () => {
    const table = (await api('POST', '/tables', { seats: 6 })).json() as DiningTable;
    expect(table).toMatchObject({ minParty: 1, walkInOnly: false });
    expect((await api('PATCH', `/tables/${table.id}`, { minParty: 4, walkInOnly: true })).json()).toMatchObject({ minParty: 4, walkInOnly: true });
    const tooHigh = await api('PATCH', `/tables/${table.id}`, { seats: 3 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().error.fields.seats).toBe(tableMessages.tables.minPartyRange);
  });

  it('places new tables and dropped tables where no other table stands', async () => {
    const first = (await api('POST', '/tables', {})).json() as DiningTable;
    const dropped = (await api('PATCH', `/tables/${first.id}`, { positionX: 300, positionY: 300 })).json() as DiningTable;
    const second = (await api('POST', '/tables', {})).json() as DiningTable;
    const onTop = (await api('PATCH', `/tables/${second.id}`, { positionX: 310, positionY: 305 })).json() as DiningTable;
    expect(tablesOverlap({ x: onTop.positionX, y: onTop.positionY }, { x: dropped.positionX, y: dropped.positionY })).toBe(false);
    const all = (await api('GET', '/tables')).json() as DiningTable[];
    for (const [index, table] of all.entries()) {
      for (const other of all.slice(index + 1)) {
        expect(tablesOverlap({ x: table.positionX, y: table.positionY }, { x: other.positionX, y: other.positionY })).toBe(false);
      }
    }
  });

  // Issue 50, item 11: a new table stands apart from every other, never touching one, however many are added.
  it('places each new table apart from every other table, never touching one', async () => {
    const added: DiningTable[] = [];
    for (let index = 0; index < 8; index++) added.push((await api('POST', '/tables', {})).json() as DiningTable);
    const all = (await api('GET', '/tables')).json() as DiningTable[];
    for (const table of added) {
      for (const other of all.filter((candidate) => candidate.id !== table.id)) {
        const apart = Math.max(Math.abs(table.positionX - other.positionX), Math.abs(table.positionY - other.positionY));
        expect(apart, `${table.name} and ${other.name}`).toBeGreaterThanOrEqual(TABLE_SIZE_PX + NEW_TABLE_GAP_PX);
      }
    }
  });
});

describe('combinations', () => {
  it('joins 2 to 4 existing tables for a party range, once, and removes them', async () => {
    const [one, two] = [(await api('POST', '/tables', { seats: 2 })).json(), (await api('POST', '/tables', { seats: 2 })).json()] as DiningTable[];
    const created = await api('POST', '/table-combinations', { tableIds: [one!.id, two!.id], minParty: 3, maxParty: 4 });
    expect(created.statusCode).toBe(201);
    const again = await api('POST', '/table-combinations', { tableIds: [two!.id, one!.id], minParty: 2, maxParty: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ct.duplicate);
    expect((await api('POST', '/table-combinations', { tableIds: [one!.id], minParty: 3, maxParty: 4 })).json().error.message).toBe(ct.tablesCount);
    expect((await api('POST', '/table-combinations', { tableIds: [one!.id, two!.id], minParty: 5, maxParty: 4 })).statusCode).toBe(400);
    const list = (await api('GET', '/table-combinations')).json() as Combination[];
    expect(list).toEqual([{ id: created.json().id, tableIds: [one!.id, two!.id], minParty: 3, maxParty: 4 }]);
    // Deleting a table deletes the combinations it was part of.
    expect((await api('DELETE', `/tables/${two!.id}`)).statusCode).toBe(204);
    expect((await api('GET', '/table-combinations')).json()).toEqual([]);
  });
});
