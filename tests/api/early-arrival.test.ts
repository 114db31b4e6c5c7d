// Issue 52, item 4 (decision 066): a party marked 'Llegó' before its time holds its table from the arrival until its
// booked end, so the gap before the booked time is no longer offered; 'Esperando' frees it again. Tuesday
// 24 November 2026 in Madrid (UTC+1), 'Por mesas' with a 30-minute turn for two: one table, Mesa 1, booked at 21:00.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatCount } from '@shared/messages.ts';
import { occupiedState, reservationAt } from '@shared/rules/seating.ts';
import type { SeatingDay } from '@shared/schemas/table.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { reservations, reservationTables, tables } from '../../src/server/db/schema.ts';
import { configure, insertReservation, insertTable } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

const DATE = '2026-11-24';
const madrid = (time: string) => `${DATE}T${String(Number(time.slice(0, 2)) - 1).padStart(2, '0')}:${time.slice(3)}:00Z`;
const suite = useApiSuite({ at: madrid('20:05') });
const db = () => suite.db();

let tableId: string;
let dinner: { id: string; revision: number };

beforeEach(async () => {
  await db().delete(reservationTables);
  await db().delete(reservations);
  await db().delete(tables);
  await configure(db(), { capacityMode: 'tables', turnMinutesUpTo2: 30 });
  tableId = (await insertTable(db(), { tableNumber: 1, seats: 2, name: 'Mesa 1' })).id;
  const row = await insertReservation(db(), { customerName: 'Cena Nueve', reservationDate: DATE, reservationTime: '21:00', numberOfPeople: 2, status: 'confirmed' });
  await db().insert(reservationTables).values({ reservationId: row.id, tableId });
  dinner = row;
});

const proposeWalkIn = async () => (await suite.api('GET', '/walk-ins/proposal?people=2')).json();
const markArrival = async (arrivalStatus: 'arrived' | 'pending') => {
  const response = await suite.api('PATCH', `/reservations/${dinner.id}/arrival`, { arrivalStatus, revision: dinner.revision });
  expect(response.statusCode, response.body).toBe(200);
  dinner = response.json();
  return response.json();
};
/** What the map draws for Mesa 1 at a moment, from the map's own read and the shared rule it uses. */
const mapAt = async (time: string) => {
  const day = (await suite.api('GET', `/seating?date=${DATE}`)).json() as SeatingDay;
  const holder = reservationAt(day.reservations, { reservationDate: DATE, reservationTime: time }, 30);
  return holder ? { name: holder.customerName, state: occupiedState(holder.arrivalStatus) } : 'free';
};
/** A manual booking for two at 20:30 (a 30-minute turn, so inside the gap), and Mesa 1 asked for it. */
const bookAt2030OnMesa1 = async () => {
  const created = await suite.api('POST', '/reservations', {
    customerName: 'Pareja Temprana',
    customerPhone: '600 111 222',
    numberOfPeople: 2,
    reservationDate: DATE,
    reservationTime: '20:30',
    confirmDuplicate: true,
    // Whatever the day's hours: this file is about the table, not the opening times.
    override: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().id;
  const placed = await db().select({ tableId: reservationTables.tableId }).from(reservationTables).where(eq(reservationTables.reservationId, id));
  // 'Por mesas' seats it where the engine finds a table free for its turn; staff then ask for Mesa 1 by hand.
  return { placedAt: placed.map((link) => link.tableId), seat: await suite.api('PUT', `/reservations/${id}/tables`, { tableIds: [tableId] }) };
};

describe('an early arrival holds its table', () => {
  it('leaves the gap before the booked time free while the party has not arrived', async () => {
    expect(await proposeWalkIn()).toEqual({ hasTables: true, tables: ['Mesa 1'] });
    expect(await mapAt('20:15')).toBe('free');
    suite.clock.set(madrid('20:15'));
    const { placedAt, seat } = await bookAt2030OnMesa1();
    expect(placedAt).toEqual([tableId]);
    expect(seat.statusCode, seat.body).toBe(200);
  });

  it("after 'Llegó' at 20:10 for 21:00: a walk-in or a booking on that table at 20:15 is refused, and the map says seated", async () => {
    suite.clock.set(madrid('20:10'));
    const arrived = await markArrival('arrived');
    expect(arrived.arrivalStatus).toBe('arrived');
    const [stored] = await db().select({ arrivedAt: reservations.arrivedAt }).from(reservations).where(eq(reservations.id, dinner.id));
    expect(stored!.arrivedAt?.toISOString()).toBe(new Date(madrid('20:10')).toISOString());

    suite.clock.set(madrid('20:15'));
    expect(await mapAt('20:15')).toEqual({ name: 'Cena Nueve', state: 'seated' });
    expect(await proposeWalkIn()).toEqual({ hasTables: true, tables: null });
    const walkIn = await suite.api('POST', '/walk-ins', { numberOfPeople: 2 });
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json().error).toMatchObject({ code: 'no_table', message: formatCount(2, staffMessages.admin.walkIn.noTableOne, staffMessages.admin.walkIn.noTable) });

    const { placedAt, seat } = await bookAt2030OnMesa1();
    expect(placedAt).toEqual([]);
    expect(seat.statusCode).toBe(409);
    expect(seat.json().error.code).toBe('table_taken');
    expect(seat.json().error.message).toContain('Cena Nueve');
  });

  it("frees the gap again once the arrival is taken back with 'Esperando', and 'Deshacer' puts the hold back", async () => {
    suite.clock.set(madrid('20:10'));
    await markArrival('arrived');
    suite.clock.set(madrid('20:15'));
    const back = await markArrival('pending');
    const [stored] = await db().select({ arrivedAt: reservations.arrivedAt }).from(reservations).where(eq(reservations.id, dinner.id));
    expect(stored!.arrivedAt).toBeNull();
    expect(await mapAt('20:15')).toBe('free');
    expect(await proposeWalkIn()).toEqual({ hasTables: true, tables: ['Mesa 1'] });

    const undone = await suite.api('POST', '/reservations/undo', { group: back.undo.group });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await mapAt('20:15')).toEqual({ name: 'Cena Nueve', state: 'seated' });
    expect(await proposeWalkIn()).toEqual({ hasTables: true, tables: null });
  });

  it('keeps the booked end: the table is free again when the booked turn is over, not a turn after the arrival', async () => {
    suite.clock.set(madrid('20:10'));
    await markArrival('arrived');
    expect(await mapAt('21:29')).toEqual({ name: 'Cena Nueve', state: 'seated' });
    expect(await mapAt('21:30')).toBe('free');
  });
});
