import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { holdsTables, intervalsOverlap, occupiedInterval } from '@shared/rules/seating.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { reservations, reservationTables } from '../../src/server/db/schema.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { configure, insertReservation, revisionOf } from '../support/factories.ts';

// Decision 017: a change that makes a reservation hold its table again is checked as seating is. Tuesday 24 November
// 2026, 11:00 in Madrid; the reservations are on Thursday the 26th.
const DATE = '2026-11-26';
const clock = new ManualClock('2026-11-24T10:00:00Z');
const text = tableMessages.seating;

const { app, db, owner: admin } = useApiSuite({ clock });
beforeAll(async () => {
  await configure(db(), { reservationDurationMinutes: 90 });
});

const call = (method: 'PATCH' | 'PUT' | 'POST', url: string, payload: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie: admin(), payload });
const seat = (id: string, tableIds: string[]) => call('PUT', `/reservations/${id}/tables`, { tableIds });
const arrival = async (id: string, arrivalStatus: 'arrived' | 'no_show' | 'delayed') =>
  call('PATCH', `/reservations/${id}/arrival`, { arrivalStatus, revision: await revisionOf(db(), id) });
const status = (id: string, value: 'confirmed' | 'completed') => call('PATCH', `/reservations/${id}/status`, { status: value });

async function addTable(): Promise<{ id: string; name: string }> {
  const response = await call('POST', '/tables', { seats: 4 });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function book(customerName: string, time: string, overrides: Partial<typeof reservations.$inferInsert> = {}): Promise<string> {
  const row = await insertReservation(db(), {
    customerName,
    customerEmail: `${randomUUID().slice(0, 8)}@example.com`,
    reservationDate: DATE,
    reservationTime: time,
    status: 'confirmed',
    ...overrides,
  });
  return row.id;
}

/** The reservations holding the table at `time` on DATE (each holds it for 90 minutes). */
async function holdersAt(tableId: string, time: string): Promise<string[]> {
  const rows = await db()
    .select()
    .from(reservationTables)
    .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
    .where(eq(reservationTables.tableId, tableId));
  return rows
    .map((row) => row.reservations)
    .filter((row) => holdsTables(row) && intervalsOverlap(occupiedInterval(row, 90), occupiedInterval({ reservationDate: DATE, reservationTime: time }, 1)))
    .map((row) => row.id);
}

/** A seated at the table, marked 'No vino', then B seated at the same table for an overlapping time. */
async function noShowThenAnother(options: { aStatus?: 'pending' | 'confirmed' } = {}) {
  const table = await addTable();
  const a = await book('Ana Alonso', '13:00', { status: options.aStatus ?? 'confirmed' });
  expect((await seat(a, [table.id])).statusCode).toBe(200);
  expect((await arrival(a, 'no_show')).statusCode).toBe(200);
  const b = await book('Berta Blanco', '13:30');
  expect((await seat(b, [table.id])).statusCode).toBe(200);
  return { table, a, b };
}

describe('a no-show who arrives after all', () => {
  it("is refused with a Spanish 409 naming the table and the guest now holding it ('Llegó' after 'No vino')", async () => {
    const { table, a, b } = await noShowThenAnother();
    const refused = await arrival(a, 'arrived');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'table_taken',
      message: formatMessage(text.overlapOnReturn, { table: table.name, name: 'Berta Blanco', time: '13:30' }),
    });
    expect((await arrival(a, 'delayed')).statusCode).toBe(409);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, a));
    expect(row!.arrivalStatus).toBe('no_show');
    expect(await holdersAt(table.id, '13:30')).toEqual([b]);

    // Moved to a free table, the arrival is recorded.
    const other = await addTable();
    expect((await seat(a, [other.id])).statusCode).toBe(200);
    expect((await arrival(a, 'arrived')).statusCode).toBe(200);
  });

  it('is recorded at a table nobody else took, and when unseated', async () => {
    const table = await addTable();
    const a = await book('Ana Alonso', '13:00');
    await seat(a, [table.id]);
    await arrival(a, 'no_show');
    expect((await arrival(a, 'arrived')).statusCode).toBe(200);
    const unseated = await book('Carmen Cano', '13:00', { arrivalStatus: 'no_show' });
    expect((await arrival(unseated, 'arrived')).statusCode).toBe(200);
  });
});

describe('status and date or time changes', () => {
  it('a status change keeps a no-show free of the table; its arrival is then checked', async () => {
    const { a } = await noShowThenAnother({ aStatus: 'pending' });
    expect((await status(a, 'confirmed')).statusCode).toBe(200);
    expect((await arrival(a, 'arrived')).statusCode).toBe(409);
  });

  it("a guest's change confirmed by staff starts without tables and releases the original's", async () => {
    const { table, a, b } = await noShowThenAnother();
    const token = await issueSelfServiceToken(db(), a, clock.now());
    const requested = await app().request({
      method: 'POST',
      url: `/api/public/guest-reservations/${token}/change-request`,
      payload: { reservationDate: DATE, reservationTime: '14:00', numberOfPeople: 2 },
      remoteAddress: '10.6.0.1',
    });
    expect(requested.statusCode).toBe(201);
    const change = requested.json<{ id: string }>().id;
    // Seating the request where B sits is refused as any seating is.
    expect((await seat(change, [table.id])).statusCode).toBe(409);
    expect((await status(change, 'confirmed')).statusCode).toBe(200);
    expect(await holdersAt(table.id, '14:00')).toEqual([b]);
    expect((await arrival(a, 'arrived')).statusCode).toBe(409);
  });
});

describe('concurrently', () => {
  it("'Llegó' for a no-show and seating another guest at its table leave exactly one holder", async () => {
    for (let round = 0; round < 8; round += 1) {
      const table = await addTable();
      const a = await book('Ana Alonso', '13:00');
      await seat(a, [table.id]);
      await arrival(a, 'no_show');
      const c = await book('Carmen Cano', '13:00');
      const [seated, arrived] = await Promise.all([seat(c, [table.id]), arrival(a, 'arrived')]);
      expect([arrived.statusCode, seated.statusCode].sort()).toEqual([200, 409]);
      expect(await holdersAt(table.id, '13:00')).toEqual([arrived.statusCode === 200 ? a : c]);
    }
  });
});
