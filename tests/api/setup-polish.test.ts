import { beforeAll, describe, expect, it } from 'vitest';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import type { DiningTable, Zone } from '@shared/schemas/table.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 52, item 8 (decision 068): the add-table dialog's zone, as the server takes it.
const { app, owner } = useApiSuite();
let floor: string;
let manager: string;

beforeAll(async () => {
  floor = await app().signIn({ roles: ['floor'] });
  manager = await app().signIn({ roles: ['manager'] });
});

const api = (method: 'GET' | 'POST', url: string, payload?: object, cookie = owner()) =>
  app().request({ method, url: `/api/admin${url}`, cookie, ...(payload ? { payload } : {}) });

describe('a new table in the zone chosen', () => {
  it('puts the table in the zone sent, by owner or encargado', async () => {
    const zones = (await api('GET', '/zones')).json() as Zone[];
    const terraza = zones.find((zone) => zone.name === 'Terraza')!;
    const barra = zones.find((zone) => zone.name === 'Barra')!;
    const byOwner = await api('POST', '/tables', { name: 'T1', seats: 2, zoneId: terraza.id });
    expect(byOwner.statusCode).toBe(201);
    expect((byOwner.json() as DiningTable).zoneId).toBe(terraza.id);
    const byManager = await api('POST', '/tables', { name: 'B1', seats: 2, zoneId: barra.id }, manager);
    expect(byManager.statusCode).toBe(201);
    expect((byManager.json() as DiningTable).zoneId).toBe(barra.id);
    const listed = (await api('GET', '/tables')).json() as DiningTable[];
    expect(listed.find((table) => table.name === 'T1')?.zoneId).toBe(terraza.id);
  });

  it('refuses a zone that does not exist, or is not an id, in Spanish, and floor staff altogether', async () => {
    const unknown = await api('POST', '/tables', { name: 'X1', seats: 2, zoneId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(tableMessages.tables.zoneNotFound);
    const garbage = await api('POST', '/tables', { name: 'X2', seats: 2, zoneId: 'terraza' });
    expect(garbage.statusCode).toBe(400);
    expect(JSON.stringify(garbage.json())).toContain(tableMessages.tables.zoneNotFound);
    const zones = (await api('GET', '/zones')).json() as Zone[];
    expect((await api('POST', '/tables', { name: 'X3', seats: 2, zoneId: zones[0]!.id }, floor)).statusCode).toBe(403);
    const names = ((await api('GET', '/tables')).json() as DiningTable[]).map((table) => table.name);
    expect(names).not.toContain('X1');
    expect(names).not.toContain('X3');
  });
});
