import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { reservations, reservationTables, tableCombinations, tableCombinationTables, tables, waitlistEntries, zones } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { configure, insertReservation, insertTable, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 50, item 1: the largest party the guest form takes, sent with the booking calendar, and the waitlist's
// refusal of a party above it. Tuesday 24 November 2026; the waitlist is asked for Wednesday 25 at 13:30.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const DATE = '2026-11-25';
const { app, db } = useApiSuite({ owner: false, clock });

beforeEach(async () => {
  await db().delete(waitlistEntries);
  await db().delete(reservations);
  await db().delete(tableCombinations);
  await db().delete(tables);
  await db().delete(zones).where(eq(zones.name, 'Privado'));
  await configure(db(), { capacityMode: 'covers', maxCoversPerSlot: null, maxCoversPerDay: null });
});

async function largestParty(): Promise<number | null> {
  const response = await app().request({ method: 'GET', url: '/api/public/calendar' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { largestParty: number | null }).largestParty;
}

const join = (numberOfPeople: number) =>
  app().request({
    method: 'POST',
    url: '/api/public/waitlist',
    remoteAddress: freshAddress(),
    payload: {
      id: randomUUID(),
      customerName: 'Lucía Fernández',
      customerPhone: '+34 600 111 222',
      customerEmail: uniqueEmail('grupo'),
      numberOfPeople,
      reservationDate: DATE,
      reservationTime: '13:30',
      privacyConsent: true,
    },
  });

describe('the largest party the guest form takes', () => {
  it("is the covers maximum per slot (or per day, when smaller) in 'Por cubiertos', and none without one", async () => {
    expect(await largestParty()).toBeNull();
    await configure(db(), { maxCoversPerSlot: 8 });
    expect(await largestParty()).toBe(8);
    await configure(db(), { maxCoversPerDay: 6 });
    expect(await largestParty()).toBe(6);
  });

  it("is the largest table or combination open online in 'Por mesas': walk-in tables and staff-only zones left out", async () => {
    await configure(db(), { capacityMode: 'tables' });
    const four = await insertTable(db(), { tableNumber: 1, seats: 4 });
    const six = await insertTable(db(), { tableNumber: 2, seats: 6 });
    await insertTable(db(), { tableNumber: 3, seats: 8, walkInOnly: true });
    const [privado] = await db().insert(zones).values({ name: 'Privado', onlineBookable: false, position: 9 }).returning();
    await insertTable(db(), { tableNumber: 4, seats: 8, zoneId: privado!.id });
    expect(await largestParty()).toBe(6);

    const [combination] = await db().insert(tableCombinations).values({ minParty: 7, maxParty: 9 }).returning();
    await db().insert(tableCombinationTables).values([four, six].map((table) => ({ combinationId: combination!.id, tableId: table.id })));
    expect(await largestParty()).toBe(9);
  });

  it('refuses the waitlist a party above it, and takes one at it when its time is full', async () => {
    await configure(db(), { capacityMode: 'tables' });
    const table = await insertTable(db(), { tableNumber: 1, seats: 6 });
    expect(await largestParty()).toBe(6);
    const booked = await insertReservation(db(), { reservationDate: DATE, reservationTime: '13:30', numberOfPeople: 6, status: 'confirmed' });
    await db().insert(reservationTables).values({ reservationId: booked.id, tableId: table.id });

    const seven = await join(7);
    expect(seven.statusCode).toBe(409);
    expect(seven.json().error).toMatchObject({ code: 'party_too_large', message: expect.stringContaining('Llámanos') });
    expect((await join(6)).statusCode).toBe(201);
  });
});
