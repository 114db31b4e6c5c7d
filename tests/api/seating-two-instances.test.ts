import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { holdsTables } from '@shared/rules/seating.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { reservations, reservationTables, restaurantConfig } from '../../src/server/db/schema.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';
import { insertReservation, revisionOf } from '../support/factories.ts';

// Decision 017 across processes: 'Llegó' for a no-show sent to one instance while another guest is seated at its
// table through the other, and two guests seated at one table through both at once, leave exactly one holder; the
// other request is a Spanish 409, never a 5xx. Only the table row locks in PostgreSQL can order them: the two
// processes share nothing else. PGlite is one process by design (seating-rechecks.test.ts races within one).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = 12;
const TIME = '13:00';
const text = tableMessages.seating;

interface Answer {
  status: number;
  body: { error?: { code?: string; message?: string } } | undefined;
}

describe.skipIf(!onPostgres)('seating on two server processes on one PostgreSQL database', () => {
  const date = openDayNextWeek();
  let two: TwoServers;
  const db = () => two.database.handle.db;
  const send = (instance: number, method: string, url: string, payload: object) => two.admin(instance as 0 | 1, method, url, payload) as Promise<Answer>;
  const seat = (instance: number, id: string, tableId: string) => send(instance, 'PUT', `/reservations/${id}/tables`, { tableIds: [tableId] });
  const arrival = async (instance: number, id: string, arrivalStatus: 'arrived' | 'no_show') =>
    send(instance, 'PATCH', `/reservations/${id}/arrival`, { arrivalStatus, revision: await revisionOf(db(), id) });

  beforeAll(async () => {
    two = await startTwoServers('mesas');
    await db().update(restaurantConfig).set({ reservationDurationMinutes: 90 }).where(eq(restaurantConfig.id, 1));
  }, 180_000);
  afterAll(() => two?.stop(), 60_000);

  async function book(customerName: string): Promise<string> {
    const row = await insertReservation(db(), {
      customerName,
      customerEmail: `${randomUUID().slice(0, 8)}@example.com`,
      reservationDate: date,
      reservationTime: TIME,
      status: 'confirmed',
    });
    return row.id;
  }

  async function addTable(): Promise<{ id: string; name: string }> {
    const response = await send(0, 'POST', '/tables', { seats: 4 });
    expect(response.status).toBe(201);
    return response.body as unknown as { id: string; name: string };
  }

  /** The reservations holding the table (all of them are at the same time, so any two holders overlap). */
  async function holders(tableId: string): Promise<string[]> {
    const rows = await db()
      .select()
      .from(reservationTables)
      .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
      .where(eq(reservationTables.tableId, tableId));
    return rows.map((row) => row.reservations).filter((row) => holdsTables(row)).map((row) => row.id);
  }

  /** One 200 and one Spanish 409 `table_taken` naming the table and the winner; returns the winner's index. */
  function expectOneWinner(answers: Answer[], messages: [string, string]): number {
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.status === 200);
    expect(answers[1 - winner]!.body?.error).toMatchObject({ code: 'table_taken', message: messages[1 - winner] });
    return winner;
  }

  it("'Llegó' for a no-show on one instance and seating another guest at its table on the other leave one holder", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const table = await addTable();
      const absent = await book('Ana Alonso');
      expect((await seat(0, absent, table.id)).status).toBe(200);
      expect((await arrival(0, absent, 'no_show')).status).toBe(200);
      const other = await book('Carmen Cano');
      // Even rounds: the arrival on the first instance and the seating on the second; odd rounds the other way round.
      const arrivalOn = round % 2;
      const answers = await Promise.all([arrival(arrivalOn, absent, 'arrived'), seat(1 - arrivalOn, other, table.id)]);
      const winner = expectOneWinner(answers, [
        formatMessage(text.overlapOnReturn, { table: table.name, name: 'Carmen Cano', time: TIME }),
        formatMessage(text.overlap, { table: table.name, name: 'Ana Alonso', time: TIME }),
      ]);
      expect(await holders(table.id)).toEqual([winner === 0 ? absent : other]);
      const [row] = await db().select().from(reservations).where(eq(reservations.id, absent));
      expect(row!.arrivalStatus).toBe(winner === 0 ? 'arrived' : 'no_show');
    }
  }, 120_000);

  it('two guests seated at one table for the same time through both instances leave one holder', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const table = await addTable();
      const guests = [await book('Berta Blanco'), await book('Diana Díaz')];
      const answers = await Promise.all([seat(0, guests[0]!, table.id), seat(1, guests[1]!, table.id)]);
      const winner = expectOneWinner(answers, [
        formatMessage(text.overlap, { table: table.name, name: 'Diana Díaz', time: TIME }),
        formatMessage(text.overlap, { table: table.name, name: 'Berta Blanco', time: TIME }),
      ]);
      expect(await holders(table.id)).toEqual([guests[winner]]);
    }
  }, 120_000);
});
