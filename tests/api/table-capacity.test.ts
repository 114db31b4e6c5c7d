// Starts its own apps: on PostgreSQL a second instance on the same database, for the races between two.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@shared/messages.ts';
import type { PacedAvailability } from '@shared/rules/pacing.ts';
import { reservations, reservationTables, tableCombinations, tableCombinationTables, tables, zones } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { configure, insertReservation, insertTable, zoneId } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';

// Issue 21 on the server: in 'Por mesas' a guest is offered a time, and a request accepted, only when a table or a
// combination open online is free for the whole stay; the request is seated there. On PostgreSQL two instances
// take 100 concurrent requests for one slot and no table is ever held twice.
const clock = new ManualClock('2026-11-24T10:00:00Z'); // Tuesday, 11:00 in Madrid
const DATE = '2026-11-25';
let first: TestApp;
let second: TestApp;
const db = () => first.instance.database.db;

beforeAll(async () => {
  first = await createTestApp({ clock });
  second = process.env.TEST_DATABASE_URL ? await createTestApp({ clock, database: first.database }) : first;
}, 60_000);
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
});
beforeEach(async () => {
  await db().delete(reservations);
  await db().delete(tableCombinations);
  await db().delete(tables);
  await db().update(zones).set({ onlineBookable: true });
  await configure(db(), { capacityMode: 'tables', maxCoversPerSlot: null, maxCoversPerDay: null });
});

const request = (people: number, time = '14:00', app = first, extra: object = {}) =>
  app.request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: freshAddress(),
    payload: bookingBody({
      customerName: 'Mesa Justa',
      customerEmail: `mesa-${randomUUID().slice(0, 8)}@example.com`,
      numberOfPeople: people,
      reservationDate: DATE,
      reservationTime: time,
      ...extra,
    }),
  });
const slot = async (time: string, app = first) => {
  const availability = (await app.request({ method: 'GET', url: `/api/public/availability?date=${DATE}` })).json() as PacedAvailability;
  return availability.slots.find((candidate) => candidate.time === time)!;
};
const tablesOf = async (reservationId: string) =>
  (await db().select({ tableId: reservationTables.tableId }).from(reservationTables).where(eq(reservationTables.reservationId, reservationId))).map(
    (row) => row.tableId,
  );

describe("'Por mesas'", () => {
  it('offers a full slot to a party of 2 but not to a party of 6, and refuses the 6 with the issue\'s message', async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2 });
    await insertTable(db(), { tableNumber: 2, seats: 2 });
    const at14 = await slot('14:00');
    expect(at14.seatableParties).toEqual([1, 2]);

    const six = await request(6);
    expect(six.statusCode).toBe(409);
    expect(six.json().error.message).toBe(formatMessage(messages.reservation.errors.noTable, { people: 6 }));
    expect(await db().select().from(reservations)).toEqual([]);

    const couple = await request(2);
    expect(couple.statusCode).toBe(201);
    expect(await tablesOf(couple.json().id)).toHaveLength(1);
  });

  it('holds a table for the turn time of the party size, and frees it for the next turn', async () => {
    const [table] = [await insertTable(db(), { tableNumber: 1, seats: 4 })];
    await configure(db(), { turnMinutesUpTo2: 90 });
    expect((await request(2, '13:00')).statusCode).toBe(201);
    // 13:00 + 90 min: taken at 14:00, free again at 14:30.
    expect((await slot('14:00')).seatableParties).toEqual([]);
    expect((await slot('14:30')).seatableParties).toEqual([1, 2, 3, 4]);
    const alone = await request(1, '14:00');
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.message).toBe('No hay mesa disponible para 1 persona a esa hora.');
    const later = await request(4, '14:30');
    expect(later.statusCode).toBe(201);
    expect(await tablesOf(later.json().id)).toEqual([table!.id]);
  });

  it('joins tables only through a combination, and only while all of them are free', async () => {
    const one = await insertTable(db(), { tableNumber: 1, seats: 2 });
    const two = await insertTable(db(), { tableNumber: 2, seats: 2 });
    const [combination] = await db().insert(tableCombinations).values({ minParty: 3, maxParty: 4 }).returning();
    await db().insert(tableCombinationTables).values([one, two].map((table) => ({ combinationId: combination!.id, tableId: table.id })));
    expect((await slot('14:00')).seatableParties).toEqual([1, 2, 3, 4]);
    const four = await request(4);
    expect(four.statusCode).toBe(201);
    expect((await tablesOf(four.json().id)).toSorted()).toEqual([one.id, two.id].toSorted());
    expect((await request(2)).statusCode).toBe(409);
  });

  it('keeps guests off walk-in-only tables and zones closed online, and respects a table\'s minimum party', async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2, walkInOnly: true });
    await insertTable(db(), { tableNumber: 2, seats: 4, zoneId: await zoneId(db(), 'Terraza') });
    await insertTable(db(), { tableNumber: 3, seats: 6, minParty: 5 });
    await db().update(zones).set({ onlineBookable: false }).where(eq(zones.name, 'Terraza'));
    expect((await slot('14:00')).seatableParties).toEqual([5, 6]);
    expect((await request(2)).statusCode).toBe(409);
    expect((await request(5)).statusCode).toBe(201);
  });

  it("offers the zones open online to prefer, honours a guest's preference and falls back to another zone", async () => {
    const sala = await insertTable(db(), { tableNumber: 1, seats: 4 });
    const terrazaId = await zoneId(db(), 'Terraza');
    const terraza = await insertTable(db(), { tableNumber: 2, seats: 4, zoneId: terrazaId });
    const availability = (await first.request({ method: 'GET', url: `/api/public/availability?date=${DATE}` })).json() as PacedAvailability;
    expect(availability.zones).toEqual([
      { id: await zoneId(db(), 'Sala'), name: 'Sala' },
      { id: terrazaId, name: 'Terraza' },
    ]);
    const outside = await request(2, '14:00', first, { preferredZoneId: terrazaId });
    expect(await tablesOf(outside.json().id)).toEqual([terraza.id]);
    const fallback = await request(2, '14:00', first, { preferredZoneId: terrazaId });
    expect(fallback.statusCode).toBe(201);
    expect(await tablesOf(fallback.json().id)).toEqual([sala.id]);
    // The form sends what the schema made of its empty select: null, no preference.
    expect((await request(1, '15:30', first, { preferredZoneId: null })).statusCode).toBe(201);
    const bad = await request(2, '14:00', first, { preferredZoneId: 'terraza' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.preferredZoneId).toBe(messages.reservation.validation.zoneInvalid);
  });

  it('in Por cubiertos, tables are not counted', async () => {
    await configure(db(), { capacityMode: 'covers' });
    expect((await slot('14:00')).seatableParties ?? null).toBeNull();
    const six = await request(6);
    expect(six.statusCode).toBe(201);
    expect(await tablesOf(six.json().id)).toEqual([]);
  });

  it('the duración select sets every turn time; each can then be set on its own', async () => {
    const admin = await first.signIn();
    const patch = (payload: object) => first.request({ method: 'PATCH', url: '/api/admin/settings', cookie: admin, payload });
    expect((await patch({ reservationDurationMinutes: 120 })).json()).toMatchObject({
      turnMinutesUpTo2: 120,
      turnMinutesUpTo4: 120,
      turnMinutesUpTo6: 120,
      turnMinutesMore: 120,
    });
    expect((await patch({ turnMinutesMore: 150 })).json()).toMatchObject({ turnMinutesUpTo6: 120, turnMinutesMore: 150 });
    const bad = await patch({ turnMinutesUpTo2: 20 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.turnMinutesUpTo2).toBeDefined();
  });

  it('seats a manual booking at a free table of any zone, and makes it without a table when none is free, saying so', async () => {
    const admin = await first.signIn();
    const terraza = await insertTable(db(), { tableNumber: 1, seats: 4, zoneId: await zoneId(db(), 'Terraza') });
    await db().update(zones).set({ onlineBookable: false }).where(eq(zones.name, 'Terraza'));
    const manual = () =>
      first.request({
        method: 'POST',
        url: '/api/admin/reservations',
        cookie: admin,
        // Booked twice on purpose: past the duplicate warning (issue 41).
        payload: { customerName: 'Empresa', customerPhone: '600123456', numberOfPeople: 4, reservationDate: DATE, reservationTime: '14:00', confirmDuplicate: true },
      });
    const seated = await manual();
    expect(seated.statusCode).toBe(201);
    expect(seated.json().tableWarning).toBeNull();
    expect(await tablesOf(seated.json().id)).toEqual([terraza.id]);
    const unseated = await manual();
    expect(unseated.statusCode).toBe(201);
    expect(unseated.json().tableWarning).toBe('No hay mesa libre para 4 personas a esa hora: la reserva queda sin mesa.');
    expect(await tablesOf(unseated.json().id)).toEqual([]);
  });

  it('seats a booking confirmed without tables at a free one, and holds a longer stay for a larger party', async () => {
    const admin = await first.signIn();
    const table = await insertTable(db(), { tableNumber: 1, seats: 6 });
    const pending = await insertReservation(db(), { reservationDate: DATE, reservationTime: '13:00', numberOfPeople: 2, status: 'pending' });
    const confirmed = await first.request({ method: 'PATCH', url: `/api/admin/reservations/${pending.id}/status`, cookie: admin, payload: { status: 'confirmed' } });
    expect(confirmed.statusCode).toBe(200);
    expect(await tablesOf(pending.id)).toEqual([table.id]);
    // The couple holds it 90 minutes (13:00-14:30); a party of 5 at 14:30 would hold it 120, a 2 at 15:30 is free.
    await configure(db(), { turnMinutesUpTo2: 90, turnMinutesUpTo6: 120 });
    expect((await slot('14:00')).seatableParties).toEqual([]);
    expect((await slot('14:30')).seatableParties).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await request(5, '14:30')).statusCode).toBe(201);
    // The day's answer kept for the form is dropped when the booking's change arrives (LISTEN/NOTIFY on PostgreSQL).
    await expect.poll(async () => (await slot('15:30')).seatableParties, { timeout: 5_000 }).toEqual([]);
  });

  it("lets staff seat a party against the floor's rules, saying what each override breaks", async () => {
    const admin = await first.signIn();
    const bar = await insertTable(db(), { tableNumber: 1, seats: 2, name: 'Barra 1', walkInOnly: true });
    const big = await insertTable(db(), { tableNumber: 2, seats: 8, minParty: 6, name: 'Mesa grande' });
    const small = await insertTable(db(), { tableNumber: 3, seats: 2, name: 'Mesa 3' });
    const booking = await insertReservation(db(), { reservationDate: DATE, reservationTime: '14:00', numberOfPeople: 2, status: 'confirmed' });
    const seat = async (tableIds: string[]) =>
      (await first.request({ method: 'PUT', url: `/api/admin/reservations/${booking.id}/tables`, cookie: admin, payload: { tableIds } })).json();
    expect((await seat([bar.id])).warnings).toEqual(['Barra 1 es solo sin reserva']);
    expect((await seat([big.id])).warnings).toEqual(['Mesa grande es para 6 personas o más']);
    expect((await seat([small.id, big.id])).warnings).toEqual(['Las mesas elegidas no forman una combinación definida']);
    expect((await seat([small.id])).warnings).toEqual([]);
    expect(await tablesOf(booking.id)).toEqual([small.id]);
  });

  it("explains '¿Por qué está completo?': the tables, the pacing and the tables kept off the form", async () => {
    const admin = await first.signIn();
    await insertTable(db(), { tableNumber: 1, seats: 6 });
    await insertTable(db(), { tableNumber: 2, seats: 6, name: 'Mesa Barra', walkInOnly: true });
    await insertTable(db(), { tableNumber: 3, seats: 6, zoneId: await zoneId(db(), 'Terraza') });
    await db().update(zones).set({ onlineBookable: false }).where(eq(zones.name, 'Terraza'));
    await configure(db(), { maxCoversPerSlot: 8, turnMinutesUpTo6: 120 });
    const ask = async (people: number, time = '14:00') =>
      (await first.request({ method: 'GET', url: `/api/admin/availability/explain?date=${DATE}&time=${time}&people=${people}`, cookie: admin })).json();
    expect(await ask(6)).toMatchObject({ available: true, reasons: [] });
    expect((await request(6)).statusCode).toBe(201);
    const why = await ask(6);
    expect(why.available).toBe(false);
    expect(why.reasons).toEqual([
      'ritmo 6/8 cubiertos en la franja',
      'ninguna mesa libre para 6 de 14:00 a 16:00',
      'Terraza solo personal',
      'Mesa Barra solo sin reserva',
    ]);
    expect(why.summary).toBe(`No se puede reservar: ${why.reasons.join(' · ')}`);
    expect((await ask(9)).reasons).toContain('ninguna mesa ni combinación para 9 personas');
    await configure(db(), { maxCoversPerDay: 10 });
    // Another slot of the same day: the slot has room, the day's maximum does not.
    expect((await ask(6, '14:30')).reasons[0]).toBe('ritmo 6/10 cubiertos en el día');
    const bad = await first.request({ method: 'GET', url: `/api/admin/availability/explain?date=${DATE}&time=25:00&people=2`, cookie: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('an answer kept for the form is dropped when any instance books, so the next guest sees the table taken', async () => {
    await insertTable(db(), { tableNumber: 1, seats: 2 });
    await first.request({ method: 'PATCH', url: '/api/admin/settings', cookie: await first.signIn(), payload: { turnMinutesUpTo2: 90 } });
    expect((await slot('14:00', second)).seatableParties).toEqual([1, 2]);
    expect((await request(2, '14:00', first)).statusCode).toBe(201);
    await expect.poll(async () => (await slot('14:00', second)).seatableParties, { timeout: 5_000 }).toEqual([]);
  });

  it('a staff seating and a guest request for the last table at once leave one holder', async () => {
    const admin = await second.signIn();
    for (let round = 0; round < 5; round += 1) {
      await db().delete(reservations);
      await db().delete(tables);
      const table = await insertTable(db(), { tableNumber: 1, seats: 4 });
      const walkedUp = await insertReservation(db(), { reservationDate: DATE, reservationTime: '14:00', numberOfPeople: 2, status: 'confirmed' });
      const [seated, guest] = await Promise.all([
        second.request({ method: 'PUT', url: `/api/admin/reservations/${walkedUp.id}/tables`, cookie: admin, payload: { tableIds: [table.id] } }),
        request(2, '14:00', first),
      ]);
      const holders = await db().select().from(reservationTables).where(eq(reservationTables.tableId, table.id));
      expect(holders, `round ${round}: ${seated.statusCode} / ${guest.statusCode}`).toHaveLength(1);
      expect([seated.statusCode, guest.statusCode].filter((status) => status === 409)).toHaveLength(1);
    }
  });

  it('never holds a table twice under 100 concurrent requests across two instances', async () => {
    const floor = await Promise.all([1, 2, 3, 4, 5].map((tableNumber) => insertTable(db(), { tableNumber, seats: 4 })));
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => request(2 + (index % 3), '14:00', index % 2 ? second : first)));
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    expect(accepted).toHaveLength(floor.length);
    const held = await db()
      .select({ tableId: reservationTables.tableId, time: reservations.reservationTime, party: reservations.numberOfPeople })
      .from(reservationTables)
      .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
      .where(inArray(reservations.id, accepted.map((answer) => answer.json().id as string)));
    // All at one time: one booking per table, each table once.
    expect(new Set(held.map((row) => row.tableId)).size).toBe(held.length);
    expect(held).toHaveLength(floor.length);
  });
});
