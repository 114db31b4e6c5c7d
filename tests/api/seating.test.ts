import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { reservations, reservationTables } from '../../src/server/db/schema.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { configure, insertReservation } from '../support/factories.ts';

const text = tableMessages.seating;
const DATE = '2026-11-26';

const { app, db, owner: admin } = useApiSuite();
beforeEach(async () => {
  await configure(db(), { reservationDurationMinutes: 90 });
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, cookie: string | undefined = admin()) =>
  app().request({ method, url: `/api/admin${url}`, ...(cookie ? { cookie } : {}), ...(payload ? { payload } : {}) });

const seat = (reservationId: string, tableIds: string[], cookie?: string) =>
  call('PUT', `/reservations/${reservationId}/tables`, { tableIds }, cookie ?? admin());

async function addTable(seats = 4, name?: string): Promise<{ id: string; name: string }> {
  const response = await call('POST', '/tables', { seats, ...(name ? { name } : {}) });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function book(time: string, overrides: Partial<typeof reservations.$inferInsert> = {}): Promise<string> {
  const row = await insertReservation(db(), { reservationDate: DATE, reservationTime: time, status: 'confirmed', ...overrides });
  return row.id;
}

const tablesOf = async (reservationId: string) =>
  (await db().select().from(reservationTables).where(eq(reservationTables.reservationId, reservationId))).map((row) => row.tableId).sort();

describe('seating a reservation', () => {
  it('assigns, reassigns to several tables and unseats, listed by date', async () => {
    const [one, two] = [await addTable(), await addTable()];
    const id = await book('13:00');
    const first = await seat(id, [one.id]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ tableIds: [one.id], warnings: [] });

    const both = await seat(id, [two.id, one.id, two.id]);
    expect(both.json().tableIds).toEqual([one.id, two.id].sort());
    expect(await tablesOf(id)).toEqual([one.id, two.id].sort());
    const links = (await call('GET', `/reservation-tables?date=${DATE}`)).json();
    expect(links).toContainEqual({ reservationId: id, tableIds: expect.arrayContaining([one.id, two.id]) });

    const day = (await call('GET', `/seating?date=${DATE}`)).json();
    expect(day.durationMinutes).toBe(90);
    expect(day.reservations).toContainEqual(expect.objectContaining({ id, reservationTime: '13:00', status: 'confirmed' }));

    expect((await seat(id, [])).json()).toMatchObject({ tableIds: [], warnings: [] });
    expect(await tablesOf(id)).toEqual([]);
  });

  it('refuses an overlapping reservation with a Spanish 409 naming the table and the other time', async () => {
    const table = await addTable(4, 'Ventana');
    const lunch = await book('13:00', { customerName: 'Ana Ruiz' });
    await seat(lunch, [table.id]);
    const clash = await book('14:00');
    const refused = await seat(clash, [table.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(formatMessage(text.overlap, { table: 'Ventana', name: 'Ana Ruiz', time: '13:00' }));
    expect(await tablesOf(clash)).toEqual([]);

    // The same table is fine when one ends as the other starts (13:00 + 90 min = 14:30).
    const adjacent = await book('14:30');
    expect((await seat(adjacent, [table.id])).statusCode).toBe(200);
    const before = await book('11:30');
    expect((await seat(before, [table.id])).statusCode).toBe(200);
  });

  it('is not blocked by other dates, cancelled, completed or no-show reservations', async () => {
    const table = await addTable();
    const ids = [
      await book('13:00', { reservationDate: '2026-11-27' }),
      await book('13:00', { status: 'completed' }),
      await book('13:00', { arrivalStatus: 'no_show' }),
    ];
    for (const id of ids) expect((await seat(id, [table.id])).statusCode).toBe(200);
    const cancelledHolder = await book('13:00');
    await seat(cancelledHolder, [table.id]);
    await db().update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, cancelledHolder));
    const next = await book('13:30');
    expect((await seat(next, [table.id])).statusCode).toBe(200);
  });

  it('sees a reservation of the evening before running past midnight', async () => {
    const table = await addTable();
    const late = await book('23:00', { reservationDate: '2026-11-25' });
    expect((await seat(late, [table.id])).statusCode).toBe(200);
    expect((await seat(await book('00:00'), [table.id])).statusCode).toBe(409);
  });

  it('refuses a cancelled reservation (409) and an inactive table (400)', async () => {
    const table = await addTable(4, 'Rincón');
    const cancelled = await book('20:00', { status: 'cancelled' });
    const answer = await seat(cancelled, [table.id]);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(text.cancelled);

    await call('PATCH', `/tables/${table.id}`, { isActive: false });
    const inactive = await seat(await book('20:00'), [table.id]);
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.message).toBe(formatMessage(text.inactive, { table: 'Rincón' }));
  });

  it('seats a party larger than the seats, with a Spanish warning', async () => {
    const [small, smaller] = [await addTable(2), await addTable(1)];
    const id = await book('21:00', { numberOfPeople: 5 });
    const answer = await seat(id, [small.id, smaller.id]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().warnings).toEqual([formatMessage(text.tooManyPeople, { people: 5, seats: 3 })]);
    expect(await tablesOf(id)).toHaveLength(2);
  });

  it('logs a seating in the reservation\'s changes, raises its revision and lets its author undo it', async () => {
    const [one, two] = [await addTable(4, 'Ventana'), await addTable(2, 'Barra 1')];
    const id = await book('14:00', { numberOfPeople: 4 });
    await seat(id, [one.id]);
    const revision = (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!.revision;
    const moved = (await seat(id, [two.id])).json();
    expect(moved.warnings).toHaveLength(1);
    expect((await db().select().from(reservations).where(eq(reservations.id, id)))[0]!.revision).toBe(revision + 1);
    const log = (await call('GET', `/reservations/${id}/changes`)).json();
    expect(log.at(-1)).toMatchObject({ action: 'edited', override: true, changes: { tables: [['Ventana'], ['Barra 1']] }, actor: 'staff' });

    const again = await seat(id, [two.id]);
    expect(again.json().undo).toBeUndefined();
    expect((await call('GET', `/reservations/${id}/changes`)).json()).toHaveLength(log.length);

    const undone = await call('POST', '/reservations/undo', { group: moved.undo.group });
    expect(undone.statusCode).toBe(200);
    expect(await tablesOf(id)).toEqual([one.id]);
    expect((await call('GET', `/reservations/${id}/changes`)).json().at(-1)).toMatchObject({ action: 'undone', changes: { tables: [['Barra 1'], ['Ventana']] } });
  });

  it('answers 404 for unknown ids, 400 for bad input and 401 without a session', async () => {
    const table = await addTable();
    const id = await book('22:00');
    expect((await seat(randomUUID(), [table.id])).statusCode).toBe(404);
    const unknownTable = await seat(id, [randomUUID()]);
    expect(unknownTable.statusCode).toBe(404);
    expect(unknownTable.json().error.message).toBe(text.tableNotFound);
    expect((await call('PUT', `/reservations/${id}/tables`, { tableIds: ['x'] })).statusCode).toBe(400);
    expect((await call('PUT', `/reservations/${id}/tables`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/reservations/nope/tables`, { tableIds: [] })).statusCode).toBe(400);
    expect((await call('GET', '/seating?date=2026-02-30')).statusCode).toBe(400);
    expect((await call('GET', '/reservation-tables')).statusCode).toBe(400);
    expect((await app().request({ method: 'PUT', url: `/api/admin/reservations/${id}/tables`, payload: { tableIds: [] } })).statusCode).toBe(401);
    expect((await app().request({ method: 'GET', url: `/api/admin/seating?date=${DATE}` })).statusCode).toBe(401);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('seats exactly one of two overlapping reservations sent at once', async () => {
    for (let round = 0; round < 5; round++) {
      const table = await addTable();
      const [a, b] = [await book('19:00'), await book('19:30')];
      const answers = await Promise.all([seat(a, [table.id]), seat(b, [table.id])]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const seated = await db().select().from(reservationTables).where(eq(reservationTables.tableId, table.id));
      expect(seated).toHaveLength(1);
    }
  });
});
