import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import type { Statistics } from '@shared/schemas/statistics.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { emailOutbox, guests, pushOutbox, reservations, reservationTables, tables } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { configure, insertReservation, insertTable } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 22: 'Sin reserva' seats a party at the door now, at the table the capacity engine finds free for its whole
// stay ('Solo sin reserva' tables first), or without a table when there is no map or the host says so. Tuesday
// 24 November 2026, 21:07 in Madrid.
const clock = new ManualClock('2026-11-24T20:07:00Z');
const text = staffMessages.admin.walkIn;
const suite = useApiSuite({ clock });
const db = () => suite.db();

beforeEach(async () => {
  await db().delete(reservationTables);
  await db().delete(reservations);
  await db().delete(tables);
  await configure(db(), { capacityMode: 'tables', reservationDurationMinutes: 90 });
});

const seat = (payload: unknown, cookie?: string | null) => suite.api('POST', '/walk-ins', payload, cookie);
const propose = (people: number | string) => suite.api('GET', `/walk-ins/proposal?people=${people}`);
const tablesOf = async (id: string) =>
  (await db().select({ name: tables.name }).from(reservationTables).innerJoin(tables, eq(tables.id, reservationTables.tableId)).where(eq(reservationTables.reservationId, id))).map((row) => row.name);

describe("'Sin reserva'", () => {
  it('seats a party without a table map at once: confirmed, arrived, now, in the day and in the statistics', async () => {
    expect((await propose(3)).json()).toEqual({ hasTables: false, tables: null });
    const seated = await seat({ numberOfPeople: 3 });
    expect(seated.statusCode).toBe(201);
    expect(seated.json()).toMatchObject({
      customerName: text.defaultName,
      customerPhone: null,
      customerEmail: null,
      numberOfPeople: 3,
      reservationDate: '2026-11-24',
      reservationTime: '21:07',
      status: 'confirmed',
      arrivalStatus: 'arrived',
      source: 'walk_in',
      tableNames: [],
    });
    const today = (await suite.api('GET', '/reservations/today')).json() as AdminReservation[];
    expect(today.map((row) => [row.customerName, row.source])).toEqual([[text.defaultName, 'walk_in']]);
    const stats = (await suite.api('GET', '/statistics?from=2026-11-24&to=2026-11-24')).json() as Statistics;
    expect(stats.sources).toContainEqual({ source: 'walk_in', count: 1 });
    expect(stats.totals.covers).toBe(3);
    // A walk-in cannot fail to come and was never booked ahead: no no-show rate, no lead time.
    expect(stats.noShows.reached).toBe(0);
    expect(stats.leadTime.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(0);
    // Nobody is emailed or pushed about a party the host seated.
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, seated.json().id))).toEqual([]);
    expect((await db().select().from(pushOutbox)).filter((row) => JSON.stringify(row).includes(seated.json().id))).toEqual([]);
  });

  it("proposes the best free table for the whole stay, a 'Solo sin reserva' one first, and seats the party there", async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2, name: 'Mesa 1' });
    await insertTable(db(), { tableNumber: 2, seats: 4, name: 'Mesa 2' });
    await insertTable(db(), { tableNumber: 3, seats: 4, name: 'Barra 3', walkInOnly: true });
    // Mesa 2 is booked at 22:00, inside a 90-minute stay from 21:07.
    const booked = await insertReservation(db(), { customerName: 'Reserva Diez', reservationDate: '2026-11-24', reservationTime: '22:00', numberOfPeople: 4, status: 'confirmed' });
    await db().insert(reservationTables).values({ reservationId: booked.id, tableId: (await db().select().from(tables).where(eq(tables.name, 'Mesa 2')))[0]!.id });

    expect((await propose(4)).json()).toEqual({ hasTables: true, tables: ['Barra 3'] });
    expect((await propose(2)).json()).toEqual({ hasTables: true, tables: ['Barra 3'] });
    const first = await seat({ numberOfPeople: 4, customerName: 'Grupo Puerta', customerPhone: '611 222 333' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ customerName: 'Grupo Puerta', customerPhone: '611 222 333', tableNames: ['Barra 3'] });
    expect(await tablesOf(first.json().id)).toEqual(['Barra 3']);
    // The phone makes a guest of them, so a next visit is recognised.
    const [guest] = await db().select().from(guests).where(eq(guests.phone, '611222333'));
    expect(guest).toBeDefined();
    expect((await db().select().from(reservations).where(eq(reservations.id, first.json().id)))[0]!.guestId).toBe(guest!.id);

    // The walk-in table is taken; Mesa 2 is held at 22:00: a pair gets Mesa 1, a party of four finds nothing.
    expect((await propose(2)).json()).toEqual({ hasTables: true, tables: ['Mesa 1'] });
    expect((await propose(4)).json()).toEqual({ hasTables: true, tables: null });
  });

  it("refuses a party no free table fits, saving nothing, and seats it without a table on the host's say-so", async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2, name: 'Mesa 1' });
    const refused = await seat({ numberOfPeople: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('No hay mesa libre ahora para 5 personas.');
    expect((await seat({ numberOfPeople: 1, withoutTable: false })).json().tableNames).toEqual(['Mesa 1']);
    expect((await seat({ numberOfPeople: 1 })).json().error.message).toBe(text.noTableOne);
    expect(await db().select().from(reservations)).toHaveLength(1);
    const anyway = await seat({ numberOfPeople: 5, withoutTable: true });
    expect(anyway.statusCode).toBe(201);
    expect(anyway.json().tableNames).toEqual([]);
    expect(await tablesOf(anyway.json().id)).toEqual([]);
  });

  it('answers bad input with a Spanish 400 and saves nothing; floor staff may seat, a visitor may not', async () => {
    const v = messages.reservation.validation;
    for (const [payload, message] of [
      [{ numberOfPeople: 0 }, v.peopleMin],
      [{ numberOfPeople: 31 }, v.adminPeopleMax],
      [{ numberOfPeople: 2, customerName: '1' }, undefined],
      [{ numberOfPeople: 2, customerPhone: '---' }, v.phoneMin],
      [{ numberOfPeople: 2, customerPhone: 'x'.repeat(5000) }, v.phoneMax],
      [{ numberOfPeople: 2, withoutTable: 'sí' }, undefined],
      [[2], undefined],
    ] as const) {
      const answer = await seat(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(JSON.stringify(answer.json())).toContain(message);
    }
    expect((await propose('muchas')).statusCode).toBe(400);
    expect(await db().select().from(reservations)).toEqual([]);

    const floor = await suite.app().signIn({ roles: ['floor'] });
    expect((await seat({ numberOfPeople: 2, customerName: '  ', customerPhone: '' }, floor)).json()).toMatchObject({ customerName: text.defaultName, customerPhone: null });
    expect((await seat({ numberOfPeople: 2 }, null)).statusCode).toBe(401);
  });

  it('gives the last free table to one of many parties seated at once, never twice', async () => {
    await insertTable(db(), { tableNumber: 1, seats: 4, name: 'Mesa 1' });
    await insertTable(db(), { tableNumber: 2, seats: 4, name: 'Mesa 2' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => seat({ numberOfPeople: 2 })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(6);
    const held = await db().select().from(reservationTables);
    expect(new Set(held.map((row) => row.tableId)).size).toBe(2);
  });
});
