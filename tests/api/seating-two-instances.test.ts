import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { holdsTables } from '@shared/rules/seating.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { reservations, reservationTables, restaurantConfig } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-process.ts';
import { signInTo } from '../support/server-sign-in.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { insertReservation } from '../support/factories.ts';

// Decision 017 across processes: 'Llegó' for a no-show sent to one instance while another guest is seated at its
// table through the other, and two guests seated at one table through both at once, leave exactly one holder; the
// other request is a Spanish 409, never a 5xx. Only the table row locks in PostgreSQL can order them: the two
// processes share nothing else. PGlite is one process by design (seating-rechecks.test.ts races within one).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = 'correct-horse-battery-staple-42';
const ADMIN_EMAIL = 'mesas@example.com';
const ROUNDS = 12;
const TIME = '13:00';
const text = staffMessages.admin.seating;

interface Answer {
  status: number;
  body: { error?: { code?: string; message?: string } } | undefined;
}

let database: TestDatabase;
let dataDir: string;
const servers: ServerProcess[] = [];
const cookies: string[] = [];
let ipCounter = 0;
// Each request comes from an address of its own, so the per-IP limits stay out of the way.
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function send(instance: number, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object): Promise<Answer> {
  const server = servers[instance]!;
  const response = await fetch(`${server.url}/api/admin${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': freshIp(), cookie: cookies[instance]! },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as Answer['body'] };
}

const seat = (instance: number, id: string, tableId: string) => send(instance, 'PUT', `/reservations/${id}/tables`, { tableIds: [tableId] });
const arrival = (instance: number, id: string, arrivalStatus: 'arrived' | 'no_show') =>
  send(instance, 'PATCH', `/reservations/${id}/arrival`, { arrivalStatus });

const signIn = (server: ServerProcess) =>
  signInTo(server, { email: ADMIN_EMAIL, password: PASSWORD }, { 'x-forwarded-for': freshIp() });

describe.skipIf(!onPostgres)('seating on two server processes on one PostgreSQL database', () => {
  const date = openDayNextWeek();
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    await upsertAdmin(db(), ADMIN_EMAIL, PASSWORD);
    await db().update(restaurantConfig).set({ reservationDurationMinutes: 90 }).where(eq(restaurantConfig.id, 1));
    dataDir = mkdtempSync(join(tmpdir(), 'mesa-seating-two-'));
    const start = (name: string) =>
      startServerProcess({ DATABASE_URL: database.url!, DATA_DIR: join(dataDir, name), SESSION_SECRET: 'seating-two-instances-secret-0123456789abcdef', TRUST_PROXY: 'true' });
    servers.push(...(await Promise.all([start('first'), start('second')])));
    cookies.push(...(await Promise.all(servers.map(signIn))));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server)));
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

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
