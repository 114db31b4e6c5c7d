// Issue 52, item 3 (decision 065): each table's state for a booking's time, read by 'Cambiar mesa' and the manual
// booking; a manual booking's chosen table checked as 'Cambiar mesa' checks it; the manual form's half hours with
// 'Fuera de horario' and the covers booked at each.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { reservations, reservationTables, tableCombinations, tableCombinationTables } from '../../src/server/db/schema.ts';
import { manualBookingBody, openDayNextWeek } from '../support/bookings.ts';
import { insertReservation, insertTable } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

const suite = useApiSuite();
const { api, db } = suite;
const date = openDayNextWeek();
const ids: Record<string, string> = {};
let ana: string;

beforeAll(async () => {
  // Mesa 1 and Mesa 2 (2 seats) join for 3-4; Mesa 3 (4 seats) holds Ana 14:00-15:30; Mesa 4 (6 seats) is free.
  for (const [number, seats] of [[1, 2], [2, 2], [3, 4], [4, 6]] as const) ids[`Mesa ${number}`] = (await insertTable(db(), { tableNumber: number, seats })).id;
  const [combination] = await db().insert(tableCombinations).values({ minParty: 3, maxParty: 4 }).returning();
  await db().insert(tableCombinationTables).values([ids['Mesa 1']!, ids['Mesa 2']!].map((tableId) => ({ combinationId: combination!.id, tableId })));
  const row = await insertReservation(db(), { customerName: 'Ana Ruiz', reservationDate: date, reservationTime: '14:00', numberOfPeople: 4, status: 'confirmed' });
  ana = row.id;
  await db().insert(reservationTables).values({ reservationId: ana, tableId: ids['Mesa 3']! });
});

const states = async (time: string, people: number, extra = '', cookie?: string) => {
  const response = await api('GET', `/table-states?date=${date}&time=${time}&people=${people}${extra}`, undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<{ name: string; state: string; holder: { customerName: string; until: string } | null; combinedWith: string[] }>;
};

describe('GET /api/admin/table-states', () => {
  it('says free, combination, too small and occupied by whom until when, the fitting free tables first', async () => {
    const rows = await states('14:30', 3);
    expect(rows.map((row) => [row.name, row.state])).toEqual([
      ['Mesa 4', 'free'],
      ['Mesa 1', 'combination'],
      ['Mesa 2', 'combination'],
      ['Mesa 3', 'occupied'],
    ]);
    expect(rows[3]!.holder).toEqual(expect.objectContaining({ customerName: 'Ana Ruiz', until: '15:30' }));
    expect(rows[1]!.combinedWith).toEqual(['Mesa 2']);
    // Five people: no combination takes them, so the 2-tops are too small; after Ana's stay Mesa 3 is free (and small).
    const later = await states('15:30', 5);
    expect(later.map((row) => [row.name, row.state])).toEqual([
      ['Mesa 4', 'free'],
      ['Mesa 1', 'tooSmall'],
      ['Mesa 2', 'tooSmall'],
      ['Mesa 3', 'tooSmall'],
    ]);
  });

  it("counts the booking's own tables as free for 'Cambiar mesa'", async () => {
    const rows = await states('14:00', 4, `&reservationId=${ana}`);
    expect(rows.find((row) => row.name === 'Mesa 3')!.state).toBe('free');
  });

  it('answers every staff role, refuses the signed-out and bad input with 4xx', async () => {
    const camarero = await suite.app().signIn({ roles: ['floor'] });
    expect((await states('14:30', 2, '', camarero)).length).toBe(4);
    expect((await api('GET', `/manual-times?date=${date}`, undefined, camarero)).statusCode).toBe(200);
    expect((await api('GET', `/table-states?date=${date}&time=14:30&people=2`, undefined, null)).statusCode).toBe(401);
    const bad = await api('GET', `/table-states?date=${date}&time=25:00&people=2`);
    expect(bad.statusCode).toBe(400);
  });
});

const manual = (overrides: Record<string, unknown>) => manualBookingBody(date, { customerName: 'Marta Gil', ...overrides });

describe('a manual booking with its table chosen', () => {
  it("is seated at the chosen table in the same answer, and its 'Historial de cambios' names the table", async () => {
    const response = await api('POST', '/reservations', manual({ tableIds: [ids['Mesa 4']] }));
    expect(response.statusCode, response.body).toBe(201);
    const [created] = (await api('GET', `/reservations/${response.json().id}/changes`)).json() as Array<{ action: string; changes: Record<string, unknown> }>;
    expect(created!.action).toBe('created');
    expect(created!.changes['tables']).toEqual([[], ['Mesa 4']]);
    const links = await db().select().from(reservationTables).where(eq(reservationTables.reservationId, response.json().id));
    expect(links.map((link) => link.tableId)).toEqual([ids['Mesa 4']]);
    expect((await states('14:00', 2)).find((row) => row.name === 'Mesa 4')!.holder?.customerName).toBe('Marta Gil');
  });

  it("refuses a table another booking holds then with 409 and 'Cambiar mesa''s words, and writes nothing", async () => {
    const response = await api('POST', '/reservations', manual({ customerName: 'Pablo Sanz', reservationTime: '14:30', tableIds: [ids['Mesa 3']] }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(formatMessage(tableMessages.seating.overlap, { table: 'Mesa 3', name: 'Ana Ruiz', time: '14:00' }));
    expect(await db().select().from(reservations).where(eq(reservations.customerName, 'Pablo Sanz'))).toEqual([]);
  });

  it('refuses an unknown table with 4xx', async () => {
    const response = await api('POST', '/reservations', manual({ customerName: 'Eva Mora', tableIds: ['00000000-0000-4000-8000-000000000000'] }));
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(tableMessages.seating.tableNotFound);
  });
});

describe('GET /api/admin/manual-times', () => {
  it("lists 08:00 to 23:30, marks those outside the day's hours and counts the covers booked at each", async () => {
    const response = await api('GET', `/manual-times?date=${date}`);
    expect(response.statusCode).toBe(200);
    const times = response.json() as Array<{ time: string; outsideHours: boolean; covers: number }>;
    expect(times[0]!.time).toBe('08:00');
    expect(times.at(-1)!.time).toBe('23:30');
    expect(times).toHaveLength(32);
    const at = (time: string) => times.find((entry) => entry.time === time)!;
    expect(at('08:00').outsideHours).toBe(true);
    expect(at('14:00')).toEqual({ time: '14:00', outsideHours: false, covers: 6 });
    expect(at('20:00').outsideHours).toBe(true);
    expect(at('15:00').covers).toBe(0);
  });
});
