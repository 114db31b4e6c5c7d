import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, reservationTables } from '../../src/server/db/schema.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';

// Issue 21, item 7: 100 guests request the same time at once through two server processes on one PostgreSQL
// database, in 'Por mesas'. Exactly as many are accepted as there are tables, the rest get the Spanish 409, and no
// table is held twice: only the per-date lock in PostgreSQL orders them, as the processes share nothing else.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TABLES = 6;
const REQUESTS = 100;

describe.skipIf(!onPostgres)("'Por mesas' on two server processes", () => {
  let two: TwoServers;
  const date = openDayNextWeek();

  beforeAll(async () => {
    two = await startTwoServers('mesas-procesos');
    expect((await two.admin(0, 'PATCH', '/settings', { capacityMode: 'tables' })).status).toBe(200);
    for (let index = 0; index < TABLES; index += 1) expect((await two.admin(index % 2 ? 1 : 0, 'POST', '/tables', { seats: 4 })).status).toBe(201);
  }, 180_000);
  afterAll(() => two?.stop(), 60_000);

  it('accepts one booking per table and refuses the rest, never holding a table twice', async () => {
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, async (_, index) => {
        const server = two.servers[index % 2]!;
        const response = await fetch(`${server.url}/api/public/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': two.freshIp() },
          body: JSON.stringify({
            id: randomUUID(),
            customerName: 'Carrera Simultánea',
            customerPhone: '+34 600 123 456',
            customerEmail: `carrera-${index}-${randomUUID().slice(0, 6)}@example.com`,
            numberOfPeople: 2 + (index % 3),
            reservationDate: date,
            reservationTime: '14:00',
            specialRequirement: '',
            privacyConsent: true,
          }),
        });
        return { status: response.status, body: (await response.json()) as { id?: string; error?: { message: string } } };
      }),
    );
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(accepted).toHaveLength(TABLES);
    expect(refused).toHaveLength(REQUESTS - TABLES);
    expect(new Set(refused.map((answer) => answer.body.error?.message))).toEqual(
      new Set(['No hay mesa disponible para 2 personas a esa hora.', 'No hay mesa disponible para 3 personas a esa hora.', 'No hay mesa disponible para 4 personas a esa hora.']),
    );
    const db = two.database.handle.db;
    const held = await db
      .select({ tableId: reservationTables.tableId })
      .from(reservationTables)
      .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
      .where(inArray(reservations.id, accepted.map((answer) => answer.body.id!)));
    expect(held).toHaveLength(TABLES);
    expect(new Set(held.map((row) => row.tableId)).size).toBe(TABLES);
  }, 120_000);

  it("seats as many parties at the door ('Sin reserva', issue 22) as there are tables free now, each at its own", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => two.admin(index % 2 ? 1 : 0, 'POST', '/walk-ins', { numberOfPeople: 2 })),
    );
    const seated = answers.filter((answer) => answer.status === 201).map((answer) => answer.body as { id: string; tableNames: string[] });
    expect(seated).toHaveLength(TABLES);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(20 - TABLES);
    expect(new Set(seated.flatMap((party) => party.tableNames)).size).toBe(TABLES);
    const held = await two.database.handle.db.select().from(reservationTables).where(inArray(reservationTables.reservationId, seated.map((party) => party.id)));
    expect(new Set(held.map((row) => row.tableId)).size).toBe(TABLES);
  }, 120_000);
});
