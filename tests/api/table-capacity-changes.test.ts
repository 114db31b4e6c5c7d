import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import type { PacedAvailability } from '@shared/rules/pacing.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { reservations, reservationTables, tableCombinations, tables } from '../../src/server/db/schema.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { editFormOf } from '../support/edit-form.ts';
import { configure, insertReservation, insertTable } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookAsGuest, freshAddress } from '../support/bookings.ts';

// Issue 21: in 'Por mesas' a booking that changes date, time or party size finds its place again through the same
// engine. A staff edit keeps the tables while they still fit, moves the party to the best free ones otherwise, and
// leaves it without tables (saying so) when none is free; a guest's change request may take its own tables.
const clock = new ManualClock('2026-11-24T10:00:00Z'); // Tuesday, 11:00 in Madrid
const DATE = '2026-11-25';
const { app, db, owner: admin } = useApiSuite({ clock });
beforeEach(async () => {
  await db().delete(reservations);
  await db().delete(tableCombinations);
  await db().delete(tables);
  const turns = { turnMinutesUpTo2: 90, turnMinutesUpTo4: 90, turnMinutesUpTo6: 90, turnMinutesMore: 90 };
  await configure(db(), { capacityMode: 'tables', maxCoversPerSlot: null, maxCoversPerDay: null, ...turns });
});

const api = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie: admin(), ...(payload ? { payload } : {}) });
const reload = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
const tablesOf = async (id: string) =>
  (await db().select({ id: reservationTables.tableId }).from(reservationTables).where(eq(reservationTables.reservationId, id))).map((row) => row.id).sort();
const seated = async (time: string, people: number, tableIds: string[]) => {
  const row = await insertReservation(db(), { reservationDate: DATE, reservationTime: time, numberOfPeople: people, status: 'confirmed' });
  if (tableIds.length > 0) await db().insert(reservationTables).values(tableIds.map((tableId) => ({ reservationId: row.id, tableId })));
  return row;
};
const edit = async (id: string, changes: Record<string, unknown>) => api('PATCH', `/reservations/${id}`, editFormOf(await reload(id), changes));

describe("an edit in 'Por mesas'", () => {
  it('keeps the tables while they still fit, and moves a larger party to the best free table, undoably', async () => {
    const small = await insertTable(db(), { tableNumber: 1, seats: 2, name: 'Mesa 1' });
    const large = await insertTable(db(), { tableNumber: 2, seats: 6, name: 'Mesa 2' });
    const booking = await seated('14:00', 2, [small.id]);

    const later = await edit(booking.id, { reservationTime: '14:30' });
    expect(later.statusCode).toBe(200);
    expect(later.json().tableWarnings).toBeUndefined();
    expect(await tablesOf(booking.id)).toEqual([small.id]);

    const larger = await edit(booking.id, { numberOfPeople: 5 });
    expect(larger.statusCode).toBe(200);
    expect(await tablesOf(booking.id)).toEqual([large.id]);
    const log = (await api('GET', `/reservations/${booking.id}/changes`)).json();
    expect(log.at(-1).changes).toMatchObject({ numberOfPeople: [2, 5], tables: [['Mesa 1'], ['Mesa 2']] });

    expect((await api('POST', '/reservations/undo', { group: larger.json().undo.group })).statusCode).toBe(200);
    expect(await tablesOf(booking.id)).toEqual([small.id]);
    expect((await reload(booking.id)).numberOfPeople).toBe(2);
  });

  it('moves a booking whose table is taken at the new time, and leaves it without a table when none is free, saying so', async () => {
    const one = await insertTable(db(), { tableNumber: 1, seats: 4 });
    const two = await insertTable(db(), { tableNumber: 2, seats: 4 });
    await seated('17:00', 4, [one.id]);
    const booking = await seated('14:00', 4, [one.id]);

    const evening = await edit(booking.id, { reservationTime: '17:00' });
    expect(evening.statusCode).toBe(200);
    expect(await tablesOf(booking.id)).toEqual([two.id]);

    const clash = await seated('13:00', 4, [two.id]);
    const crowded = await edit(clash.id, { reservationTime: '17:30' });
    expect(crowded.statusCode).toBe(200);
    expect(crowded.json().tableWarnings).toEqual([formatMessage(staffMessages.admin.noFreeTable, { people: 4 })]);
    expect(await tablesOf(clash.id)).toEqual([]);
  });

  it('seats an unseated booking when a new time has a free table', async () => {
    const table = await insertTable(db(), { tableNumber: 1, seats: 4 });
    const booking = await seated('14:00', 3, []);
    await seated('14:00', 4, [table.id]);
    expect((await edit(booking.id, { reservationTime: '16:00' })).statusCode).toBe(200);
    expect(await tablesOf(booking.id)).toEqual([table.id]);
  });

  it('keeps the tables staff chose in the edit, and says which floor rule they break', async () => {
    const bar = await insertTable(db(), { tableNumber: 1, seats: 2, name: 'Barra 1', walkInOnly: true });
    await insertTable(db(), { tableNumber: 2, seats: 4 });
    const booking = await seated('14:00', 2, []);
    const response = await edit(booking.id, { tableIds: [bar.id] });
    expect(response.json().tableWarnings).toEqual(['Barra 1 es solo sin reserva']);
    expect(await tablesOf(booking.id)).toEqual([bar.id]);
    const log = (await api('GET', `/reservations/${booking.id}/changes`)).json();
    expect(log.at(-1)).toMatchObject({ override: true, changes: { tables: [[], ['Barra 1']] } });
  });
});

describe("a guest's change request in 'Por mesas'", () => {
  async function guestBooking(people: number, time: string) {
    const id = await bookAsGuest(app(), (id) => ({
      customerName: 'Ana Torres',
      customerEmail: `ana-${id.slice(0, 8)}@example.com`,
      numberOfPeople: people,
      reservationDate: DATE,
      reservationTime: time,
    }));
    return { id, token: await issueSelfServiceToken(db(), id, clock.now()) };
  }

  it("may take the tables of the booking it replaces: the form offers them and the request is seated there", async () => {
    const table = await insertTable(db(), { tableNumber: 1, seats: 4 });
    const { id, token } = await guestBooking(2, '14:00');
    expect(await tablesOf(id)).toEqual([table.id]);
    const available = (await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}/availability?date=${DATE}` })).json() as PacedAvailability;
    expect(available.slots.find((slot) => slot.time === '14:30')?.seatableParties).toEqual([1, 2, 3, 4]);
    // A stranger sees the table held by the couple.
    const publicView = (await app().request({ method: 'GET', url: `/api/public/availability?date=${DATE}` })).json() as PacedAvailability;
    expect(publicView.slots.find((slot) => slot.time === '14:30')?.seatableParties).toEqual([]);

    const change = await app().request({
      method: 'POST',
      url: `/api/public/guest-reservations/${token}/change-request`,
      remoteAddress: freshAddress(),
      payload: { reservationDate: DATE, reservationTime: '14:30', numberOfPeople: 4 },
    });
    expect(change.statusCode).toBe(201);
    expect(await tablesOf(change.json().id)).toEqual([table.id]);
  });
});
